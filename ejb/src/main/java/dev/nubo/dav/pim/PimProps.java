package dev.nubo.dav.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.dav.core.HttpDate;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.Multistatus.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The live properties of principals, homes, collections and objects (RFC 4791 sections 5.2 and 6.2, RFC 6352
 * sections 6.2 and 7.1, RFC 5397, RFC 3744 section 5.4, RFC 6578 section 4, and CalendarServer's getctag), as
 * property name to value writer, in the order allprop lists them.
 */
final class PimProps {
    static final QName RESOURCETYPE = dav("resourcetype");
    static final QName DISPLAYNAME = dav("displayname");
    static final QName GETETAG = dav("getetag");
    static final QName GETCONTENTTYPE = dav("getcontenttype");
    static final QName GETCONTENTLENGTH = dav("getcontentlength");
    static final QName GETLASTMODIFIED = dav("getlastmodified");
    static final QName SYNC_TOKEN = dav("sync-token");
    static final QName CALENDAR_DESCRIPTION = new QName(PimXml.CALDAV, "calendar-description");
    static final QName CALENDAR_TIMEZONE = new QName(PimXml.CALDAV, "calendar-timezone");
    static final QName SUPPORTED_COMPONENTS = new QName(PimXml.CALDAV, "supported-calendar-component-set");
    static final QName CALENDAR_DATA = new QName(PimXml.CALDAV, "calendar-data");
    static final QName ADDRESSBOOK_DESCRIPTION = new QName(PimXml.CARDDAV, "addressbook-description");
    static final QName ADDRESS_DATA = new QName(PimXml.CARDDAV, "address-data");
    static final QName CALENDAR_COLOR = new QName(PimXml.APPLE, "calendar-color");
    static final QName CALENDAR_ORDER = new QName(PimXml.APPLE, "calendar-order");
    static final QName GETCTAG = new QName(PimXml.CS, "getctag");

    /** Properties a client may not set: the server derives them. */
    static final List<QName> PROTECTED = List.of(
            RESOURCETYPE,
            GETETAG,
            SYNC_TOKEN,
            GETCTAG,
            SUPPORTED_COMPONENTS,
            dav("supported-report-set"),
            dav("current-user-privilege-set"),
            dav("owner"),
            new QName(PimXml.CALDAV, "supported-calendar-data"),
            new QName(PimXml.CARDDAV, "supported-address-data"));

    private PimProps() {}

    static QName dav(String local) {
        return new QName(PimXml.DAV, local);
    }

    static Map<QName, Value> principal(PimHrefs h) {
        Map<QName, Value> p = new LinkedHashMap<>();
        p.put(RESOURCETYPE, w -> empty(w, PimXml.DAV, "principal"));
        p.put(DISPLAYNAME, text(h.username()));
        p.put(dav("current-user-principal"), href(h.principal()));
        p.put(dav("principal-URL"), href(h.principal()));
        p.put(dav("principal-collection-set"), href(h.principals()));
        p.put(dav("owner"), href(h.principal()));
        p.put(new QName(PimXml.CALDAV, "calendar-home-set"), href(h.home(CollectionKind.CALENDAR)));
        p.put(new QName(PimXml.CARDDAV, "addressbook-home-set"), href(h.home(CollectionKind.ADDRESSBOOK)));
        p.put(new QName(PimXml.CALDAV, "calendar-user-address-set"), href(h.principal()));
        p.put(new QName(PimXml.CALDAV, "calendar-user-type"), text("INDIVIDUAL"));
        p.put(dav("current-user-privilege-set"), privileges(List.of("read", "read-current-user-privilege-set")));
        p.put(dav("supported-report-set"), w -> {});
        return p;
    }

    static Map<QName, Value> home(PimHrefs h, CollectionKind kind) {
        Map<QName, Value> p = new LinkedHashMap<>();
        p.put(RESOURCETYPE, w -> empty(w, PimXml.DAV, "collection"));
        p.put(DISPLAYNAME, text(h.username()));
        p.put(dav("current-user-principal"), href(h.principal()));
        p.put(dav("owner"), href(h.principal()));
        p.put(dav("current-user-privilege-set"), privileges(ALL));
        p.put(dav("supported-report-set"), w -> {});
        return p;
    }

    private static final List<String> ALL = List.of(
            "all",
            "read",
            "write",
            "write-properties",
            "write-content",
            "bind",
            "unbind",
            "unlock",
            "read-acl",
            "read-current-user-privilege-set");

    static Map<QName, Value> collection(PimHrefs h, DavCollection c, long maxObjectBytes, Map<QName, String> dead) {
        boolean calendar = c.kind() == CollectionKind.CALENDAR;
        String ns = calendar ? PimXml.CALDAV : PimXml.CARDDAV;
        Map<QName, Value> p = new LinkedHashMap<>();
        p.put(RESOURCETYPE, w -> {
            empty(w, PimXml.DAV, "collection");
            empty(w, ns, calendar ? "calendar" : "addressbook");
        });
        if (c.displayname() != null) {
            p.put(DISPLAYNAME, text(c.displayname()));
        }
        if (c.description() != null) {
            p.put(calendar ? CALENDAR_DESCRIPTION : ADDRESSBOOK_DESCRIPTION, text(c.description()));
        }
        if (calendar) {
            if (c.color() != null) {
                p.put(CALENDAR_COLOR, text(c.color()));
            }
            if (c.order() != null) {
                p.put(CALENDAR_ORDER, text(c.order().toString()));
            }
            if (c.timezone() != null) {
                p.put(CALENDAR_TIMEZONE, text(c.timezone()));
            }
            p.put(SUPPORTED_COMPONENTS, w -> {
                for (String comp : c.components()) {
                    w.writeEmptyElement("c", "comp", PimXml.CALDAV);
                    w.writeNamespace("c", PimXml.CALDAV);
                    w.writeAttribute("name", comp);
                }
            });
            p.put(new QName(ns, "supported-calendar-data"), w -> {
                w.writeEmptyElement("c", "calendar-data", PimXml.CALDAV);
                w.writeNamespace("c", PimXml.CALDAV);
                w.writeAttribute("content-type", "text/calendar");
                w.writeAttribute("version", "2.0");
            });
        } else {
            p.put(new QName(ns, "supported-address-data"), w -> {
                for (String version : List.of("3.0", "4.0")) {
                    w.writeEmptyElement("a", "address-data-type", PimXml.CARDDAV);
                    w.writeNamespace("a", PimXml.CARDDAV);
                    w.writeAttribute("content-type", "text/vcard");
                    w.writeAttribute("version", version);
                }
            });
        }
        p.put(new QName(ns, "max-resource-size"), text(Long.toString(maxObjectBytes)));
        p.put(GETCTAG, text(SyncTokens.format(c)));
        p.put(SYNC_TOKEN, text(SyncTokens.format(c)));
        p.put(dav("supported-report-set"), reports(calendar));
        p.put(dav("current-user-principal"), href(h.principal()));
        p.put(dav("owner"), href(h.principal()));
        p.put(dav("current-user-privilege-set"), privileges(calendar ? withFreeBusy() : ALL));
        for (Map.Entry<QName, String> d : dead.entrySet()) {
            p.putIfAbsent(d.getKey(), Multistatus.stored(d.getValue()));
        }
        return p;
    }

    private static List<String> withFreeBusy() {
        List<String> all = new java.util.ArrayList<>(ALL);
        all.add("read-free-busy");
        return all;
    }

    /** An object's properties; calendar-data and address-data are the caller's, who knows whether it has the bytes. */
    static Map<QName, Value> object(StoredObject o) {
        Map<QName, Value> p = new LinkedHashMap<>();
        p.put(RESOURCETYPE, null);
        p.put(GETETAG, text(o.etag()));
        p.put(GETCONTENTTYPE, text(o.contentType()));
        p.put(GETCONTENTLENGTH, text(Long.toString(o.size())));
        if (o.modifiedAt() != null) {
            p.put(GETLASTMODIFIED, text(HttpDate.format(o.modifiedAt().getEpochSecond())));
        }
        return p;
    }

    private static Value reports(boolean calendar) {
        String ns = calendar ? PimXml.CALDAV : PimXml.CARDDAV;
        List<String> names = calendar
                ? List.of("calendar-query", "calendar-multiget", "free-busy-query")
                : List.of("addressbook-query", "addressbook-multiget");
        return w -> {
            for (String name : names) {
                supportedReport(w, ns, name);
            }
            supportedReport(w, PimXml.DAV, "sync-collection");
        };
    }

    private static void supportedReport(XMLStreamWriter w, String ns, String name) throws XMLStreamException {
        w.writeStartElement("d", "supported-report", PimXml.DAV);
        w.writeStartElement("d", "report", PimXml.DAV);
        empty(w, ns, name);
        w.writeEndElement();
        w.writeEndElement();
    }

    static Value text(String s) {
        return Multistatus.text(s);
    }

    static Value href(String href) {
        return w -> {
            w.writeStartElement("d", "href", PimXml.DAV);
            w.writeCharacters(href);
            w.writeEndElement();
        };
    }

    private static Value privileges(List<String> names) {
        return w -> {
            for (String name : names) {
                w.writeStartElement("d", "privilege", PimXml.DAV);
                empty(w, name.equals("read-free-busy") ? PimXml.CALDAV : PimXml.DAV, name);
                w.writeEndElement();
            }
        };
    }

    /** An empty element; DAV: ones use the multistatus's "d", others declare their own prefix. */
    static void empty(XMLStreamWriter w, String ns, String local) throws XMLStreamException {
        if (ns.equals(PimXml.DAV)) {
            w.writeEmptyElement("d", local, PimXml.DAV);
        } else {
            w.writeEmptyElement("p", local, ns);
            w.writeNamespace("p", ns);
        }
    }
}
