package dev.nubo.dav.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.MemberWriter;
import dev.nubo.collections.api.PutOutcome;
import dev.nubo.collections.api.Setting;
import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.DeadProperties;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.Preconditions;
import dev.nubo.dav.pim.PimDav.Request;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.xml.namespace.QName;

/** PUT and DELETE of objects (RFC 4791 section 5.3.2, RFC 6352 section 6.3.2), MKCALENDAR, extended MKCOL, PROPPATCH. */
@ApplicationScoped
public class PimWrites {
    static final List<String> DEFAULT_COMPONENTS = List.of("VEVENT", "VTODO");
    private static final Set<String> KNOWN_COMPONENTS = Set.of("VEVENT", "VTODO", "VJOURNAL");
    private static final int MAX_SLUG = 255;

    @Inject
    CollectionStore store;

    @Inject
    MemberWriter members;

    void put(Request r, DavCollection c) throws IOException {
        HttpServletRequest req = r.req();
        if (!fitsName(r.target().object())) {
            DavErrors.error(
                    r.res(), 400, "a resource name has 1 to " + MAX_SLUG + " characters, no controls, not . or ..");
            return;
        }
        boolean calendar = c.kind() == CollectionKind.CALENDAR;
        String ns = calendar ? PimXml.CALDAV : PimXml.CARDDAV;
        String type = Optional.ofNullable(req.getContentType()).orElse("").toLowerCase(Locale.ROOT);
        boolean typeOk = type.isEmpty()
                || (calendar
                        ? type.startsWith("text/calendar")
                        : type.startsWith("text/vcard") || type.startsWith("text/x-vcard"));
        if (!typeOk) {
            DavErrors.condition(
                    r.res(),
                    415,
                    new QName(ns, calendar ? "supported-calendar-data" : "supported-address-data"),
                    null,
                    "this collection stores " + (calendar ? "text/calendar" : "text/vcard") + ", not " + type);
            return;
        }
        byte[] data = read(req.getInputStream(), req.getContentLengthLong());
        if (data == null) {
            DavErrors.condition(
                    r.res(),
                    413,
                    new QName(ns, "max-resource-size"),
                    null,
                    "an object may hold at most " + MemberWriter.MAX_OBJECT_BYTES + " bytes");
            return;
        }
        PutOutcome out = members.put(c, r.target().object(), data, condition(req));
        r.res().setHeader("ETag", out.etag());
        r.res().setStatus(out.created() ? 201 : 204);
        r.res().setContentLength(0);
    }

    void delete(Request r, DavCollection c) {
        store.remove(c.id(), r.target().object(), condition(r.req()));
        r.res().setStatus(204);
        r.res().setContentLength(0);
    }

    void deleteCollection(Request r, DavCollection c) throws IOException {
        String ifMatch = r.req().getHeader("If-Match");
        if (ifMatch != null && !ifMatch.strip().equals("*")) {
            DavErrors.error(r.res(), 412, "a collection has no etag to match");
            return;
        }
        store.delete(c.id());
        r.res().setStatus(204);
        r.res().setContentLength(0);
    }

    static boolean fitsName(String name) {
        return !name.isEmpty()
                && name.length() <= MAX_SLUG
                && !name.equals(".")
                && !name.equals("..")
                && name.chars().noneMatch(ch -> ch < 0x20 || ch == 0x7f);
    }

    /** Refuses property values longer than their columns hold, before anything is written. */
    private static void checkSizes(Map<Setting, String> settings, Map<QName, String> dead) {
        for (Map.Entry<Setting, String> s : settings.entrySet()) {
            int max =
                    switch (s.getKey()) {
                        case COLOR -> 32;
                        case DISPLAYNAME -> 1024;
                        default -> 64 * 1024;
                    };
            if (s.getValue() != null && s.getValue().length() > max) {
                throw NuboException.invalid(
                        s.getKey().name().toLowerCase(Locale.ROOT) + " holds at most " + max + " characters");
            }
        }
        for (Map.Entry<QName, String> d : dead.entrySet()) {
            if (d.getKey().getLocalPart().length() > 255
                    || d.getKey().getNamespaceURI().length() > 1024
                    || (d.getValue() != null && d.getValue().length() > 64 * 1024)) {
                throw NuboException.invalid(
                        "a property name has at most 255 characters, its namespace 1024, its" + " value 64 KiB");
            }
        }
    }

    /** If-Match and If-None-Match (RFC 9110 section 13.1) against the member's etag, evaluated under its lock. */
    static Predicate<Optional<String>> condition(HttpServletRequest req) {
        String ifMatch = req.getHeader("If-Match");
        String ifNoneMatch = req.getHeader("If-None-Match");
        return current -> {
            if (ifMatch != null && (current.isEmpty() || !Preconditions.matches(ifMatch, current.get(), false))) {
                return false;
            }
            return ifNoneMatch == null || current.isEmpty() || !Preconditions.matches(ifNoneMatch, current.get(), true);
        };
    }

    /** The body, or null when it is larger than an object may be. */
    private static byte[] read(InputStream in, long declared) throws IOException {
        if (declared > MemberWriter.MAX_OBJECT_BYTES) {
            return null;
        }
        byte[] data = in.readNBytes((int) MemberWriter.MAX_OBJECT_BYTES + 1);
        return data.length > MemberWriter.MAX_OBJECT_BYTES ? null : data;
    }

    /** MKCALENDAR (RFC 4791 section 5.3.1) or extended MKCOL (RFC 5689) of a calendar or an address book. */
    void create(Request r, boolean mkcalendar) throws IOException {
        PimTarget t = r.target();
        String slug = t.collection();
        if (!fitsName(slug)) {
            DavErrors.error(
                    r.res(), 400, "a collection name has 1 to " + MAX_SLUG + " characters, no controls, not . or ..");
            return;
        }
        List<DeadProperties.Change> body = DavXml.mkcol(r.req().getInputStream());
        boolean calendar = t.kind() == CollectionKind.CALENDAR;
        if (mkcalendar != calendar && mkcalendar) {
            DavErrors.error(
                    r.res(), 403, "calendars are made under " + r.hrefs().home(CollectionKind.CALENDAR));
            return;
        }
        Map<Setting, String> settings = new EnumMap<>(Setting.class);
        Map<QName, String> dead = new LinkedHashMap<>();
        List<String> components = calendar ? DEFAULT_COMPONENTS : List.of();
        boolean typed = mkcalendar;
        for (DeadProperties.Change change : body) {
            QName name = change.name();
            if (name.equals(PimProps.RESOURCETYPE)) {
                QName wanted =
                        new QName(calendar ? PimXml.CALDAV : PimXml.CARDDAV, calendar ? "calendar" : "addressbook");
                typed = PimXml.elements(change.value()).stream()
                        .anyMatch(e -> e.name().equals(wanted));
                if (!typed) {
                    DavErrors.condition(
                            r.res(),
                            403,
                            new QName(PimXml.DAV, "valid-resourcetype"),
                            null,
                            "only " + wanted.getLocalPart() + " collections can be made here");
                    return;
                }
            } else if (name.equals(PimProps.SUPPORTED_COMPONENTS) && calendar) {
                components = components(change.value());
                if (components == null) {
                    DavErrors.condition(
                            r.res(),
                            403,
                            new QName(PimXml.CALDAV, "supported-calendar-component"),
                            null,
                            "a calendar holds VEVENT, VTODO or VJOURNAL components");
                    return;
                }
            } else if (!setting(name, change.value(), settings)) {
                dead.put(name, change.value());
            }
        }
        if (!typed && calendar) {
            DavErrors.condition(
                    r.res(),
                    403,
                    new QName(PimXml.DAV, "valid-resourcetype"),
                    null,
                    "make a calendar with MKCALENDAR, or MKCOL with a CALDAV:calendar resourcetype");
            return;
        }
        checkSizes(settings, dead);
        store.create(r.user().userId(), t.kind(), slug, components, settings, dead);
        r.res().setStatus(201);
        r.res().setContentLength(0);
    }

    private static List<String> components(String xml) {
        List<String> out = new ArrayList<>();
        for (PimXml.Element e : PimXml.elements(xml)) {
            String comp = e.attributes().getOrDefault("name", "").toUpperCase(Locale.ROOT);
            if (!KNOWN_COMPONENTS.contains(comp)) {
                return null;
            }
            if (!out.contains(comp)) {
                out.add(comp);
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** Whether a property is one kept in a column; if so its value (null: removed) goes into {@code settings}. */
    private static boolean setting(QName name, String xml, Map<Setting, String> settings) {
        Setting s = null;
        if (name.equals(PimProps.DISPLAYNAME)) {
            s = Setting.DISPLAYNAME;
        } else if (name.equals(PimProps.CALENDAR_DESCRIPTION) || name.equals(PimProps.ADDRESSBOOK_DESCRIPTION)) {
            s = Setting.DESCRIPTION;
        } else if (name.equals(PimProps.CALENDAR_COLOR)) {
            s = Setting.COLOR;
        } else if (name.equals(PimProps.CALENDAR_TIMEZONE)) {
            s = Setting.TIMEZONE;
        } else if (name.equals(PimProps.CALENDAR_ORDER)) {
            s = Setting.ORDER;
        }
        if (s == null) {
            return false;
        }
        String value = xml == null ? null : PimXml.text(xml).strip();
        if (s == Setting.ORDER && value != null && !value.matches("-?\\d{1,9}")) {
            throw NuboException.invalid("calendar-order must be an integer");
        }
        settings.put(s, value);
        return true;
    }

    /** PROPPATCH of a collection (RFC 4918 section 9.2): all or nothing; protected properties fail the whole. */
    void proppatch(Request r, DavCollection c) throws IOException {
        List<DeadProperties.Change> changes = DavXml.proppatch(r.req().getInputStream());
        List<QName> refused = new ArrayList<>();
        List<QName> names = new ArrayList<>();
        Map<Setting, String> settings = new EnumMap<>(Setting.class);
        Map<QName, String> dead = new LinkedHashMap<>();
        for (DeadProperties.Change change : changes) {
            names.add(change.name());
            if (PimProps.PROTECTED.contains(change.name())) {
                refused.add(change.name());
            } else if (!setting(change.name(), change.value(), settings)) {
                dead.put(change.name(), change.value());
            }
        }
        Map<String, List<QName>> byStatus = new LinkedHashMap<>();
        if (refused.isEmpty()) {
            checkSizes(settings, dead);
            store.patch(c.id(), settings, dead);
            byStatus.put("HTTP/1.1 200 OK", names);
        } else {
            byStatus.put("HTTP/1.1 403 Forbidden", refused);
            List<QName> rest = names.stream().filter(n -> !refused.contains(n)).toList();
            if (!rest.isEmpty()) {
                byStatus.put("HTTP/1.1 424 Failed Dependency", rest);
            }
        }
        multistatus(r, r.hrefs().collection(c.kind(), c.slug()), byStatus);
    }

    /** PROPPATCH where nothing is writable (principals, homes, objects): every property refused. */
    void proppatchRefused(Request r) throws IOException {
        List<QName> names = DavXml.proppatch(r.req().getInputStream()).stream()
                .map(DeadProperties.Change::name)
                .toList();
        multistatus(r, r.req().getRequestURI(), Map.of("HTTP/1.1 403 Forbidden", names));
    }

    private static void multistatus(Request r, String href, Map<String, List<QName>> byStatus) throws IOException {
        r.res().setStatus(207);
        r.res().setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(r.res().getOutputStream(), 8 * 1024);
                Multistatus ms = new Multistatus(out)) {
            ms.response(href, byStatus);
        }
    }
}
