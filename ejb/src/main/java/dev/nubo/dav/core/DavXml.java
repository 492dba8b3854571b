package dev.nubo.dav.core;

import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Request bodies of the DAV methods, read with StAX: no DTD (a DOCTYPE is refused with 400, so neither external
 * entities nor entity expansion can happen), namespaces under any prefix, a size limit on the body.
 */
public final class DavXml {
    public static final String DAV = "DAV:";
    public static final long MAX_BODY = 1 << 20;

    /** A name in the DAV: namespace. */
    public static QName dav(String local) {
        return new QName(DAV, local);
    }

    private static final XMLInputFactory INPUT = inputFactory();

    private DavXml() {}

    /** The JDK's own parser, named so: Woodstox on the class path (the writer) must not replace it unnoticed. */
    private static XMLInputFactory inputFactory() {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        return f;
    }

    /** What a PROPFIND asks for. */
    public record Propfind(Kind kind, List<QName> names) {
        public enum Kind {
            ALLPROP,
            PROPNAME,
            PROP
        }

        static final Propfind ALL = new Propfind(Kind.ALLPROP, List.of());
    }

    /** Parses a PROPFIND body; an empty body means allprop (RFC 4918 section 9.1). */
    public static Propfind propfind(InputStream body) throws IOException {
        XMLStreamReader r = open(body);
        if (r == null) {
            return Propfind.ALL;
        }
        try {
            if (!isDav(r, "propfind")) {
                throw NuboException.invalid("a PROPFIND body must be a DAV:propfind element");
            }
            Propfind result = null;
            while (next(r) == XMLStreamConstants.START_ELEMENT || r.getEventType() == XMLStreamConstants.END_ELEMENT) {
                if (r.getEventType() == XMLStreamConstants.END_ELEMENT) {
                    break;
                }
                if (isDav(r, "allprop")) {
                    result = Propfind.ALL;
                    skip(r);
                } else if (isDav(r, "propname")) {
                    result = new Propfind(Propfind.Kind.PROPNAME, List.of());
                    skip(r);
                } else if (isDav(r, "prop")) {
                    List<QName> names = new ArrayList<>();
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        names.add(r.getName());
                        skip(r);
                    }
                    result = new Propfind(Propfind.Kind.PROP, names);
                } else {
                    skip(r); // DAV:include and extensions
                }
            }
            if (result == null) {
                throw NuboException.invalid("a DAV:propfind needs allprop, propname or prop");
            }
            return result;
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    /**
     * Parses a PROPPATCH body into its instructions in document order: each set carries the property element's
     * content as self-contained XML text (every element declares its namespace), each remove a null value.
     */
    public static List<DeadProperties.Change> proppatch(InputStream body) throws IOException {
        XMLStreamReader r = open(body);
        if (r == null) {
            throw NuboException.invalid("a PROPPATCH needs a DAV:propertyupdate body");
        }
        try {
            if (!isDav(r, "propertyupdate")) {
                throw NuboException.invalid("a PROPPATCH body must be a DAV:propertyupdate element");
            }
            List<DeadProperties.Change> changes = new ArrayList<>();
            while (next(r) == XMLStreamConstants.START_ELEMENT) {
                boolean set = isDav(r, "set");
                if (!set && !isDav(r, "remove")) {
                    skip(r);
                    continue;
                }
                while (next(r) == XMLStreamConstants.START_ELEMENT) {
                    if (!isDav(r, "prop")) {
                        skip(r);
                        continue;
                    }
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        QName name = r.getName();
                        String value = set ? content(r) : skipValue(r);
                        changes.add(new DeadProperties.Change(name, value));
                    }
                }
            }
            if (changes.isEmpty()) {
                throw NuboException.invalid("the DAV:propertyupdate sets or removes nothing");
            }
            return changes;
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    /**
     * Parses the body of an extended MKCOL (RFC 5689 section 5.1: DAV:mkcol) or of a MKCALENDAR (RFC 4791 section
     * 9.3: CALDAV:mkcalendar): the properties its DAV:set elements give, as {@link #proppatch} returns them. No body
     * means none.
     */
    public static List<DeadProperties.Change> mkcol(InputStream body) throws IOException {
        XMLStreamReader r = open(body);
        if (r == null) {
            return List.of();
        }
        try {
            boolean mkcalendar = "urn:ietf:params:xml:ns:caldav".equals(r.getNamespaceURI())
                    && "mkcalendar".equals(r.getLocalName());
            if (!mkcalendar && !isDav(r, "mkcol")) {
                throw NuboException.invalid("the body must be a DAV:mkcol or CALDAV:mkcalendar element");
            }
            List<DeadProperties.Change> changes = new ArrayList<>();
            while (next(r) == XMLStreamConstants.START_ELEMENT) {
                if (!isDav(r, "set")) {
                    skip(r);
                    continue;
                }
                while (next(r) == XMLStreamConstants.START_ELEMENT) {
                    if (!isDav(r, "prop")) {
                        skip(r);
                        continue;
                    }
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        changes.add(new DeadProperties.Change(r.getName(), content(r)));
                    }
                }
            }
            return changes;
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    /** An ownCloud filter-files REPORT: the properties asked, and whether it filters on favorites. */
    public record FilterFiles(List<QName> names, boolean favorites) {}

    /**
     * Parses {@code <oc:filter-files>} (the Nextcloud clients' favorites query): {@code DAV:prop} and {@code
     * oc:filter-rules}; a rule other than {@code oc:favorite} is refused with 400 rather than ignored.
     */
    public static FilterFiles filterFiles(InputStream body, String ocNamespace) throws IOException {
        XMLStreamReader r = open(body);
        if (r == null || !ocNamespace.equals(r.getNamespaceURI()) || !"filter-files".equals(r.getLocalName())) {
            if (r != null) {
                close(r);
            }
            throw NuboException.invalid("this REPORT takes an oc:filter-files body");
        }
        try {
            List<QName> names = new ArrayList<>();
            boolean favorites = false;
            while (next(r) == XMLStreamConstants.START_ELEMENT) {
                if (isDav(r, "prop")) {
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        names.add(r.getName());
                        skip(r);
                    }
                } else if (ocNamespace.equals(r.getNamespaceURI()) && "filter-rules".equals(r.getLocalName())) {
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        QName rule = r.getName();
                        String value = r.getElementText().strip();
                        if (!ocNamespace.equals(rule.getNamespaceURI()) || !"favorite".equals(rule.getLocalPart())) {
                            throw NuboException.invalid("only the oc:favorite filter rule is supported");
                        }
                        favorites = favorites || "1".equals(value) || "true".equals(value);
                    }
                } else {
                    skip(r);
                }
            }
            if (!favorites) {
                throw NuboException.invalid("a filter-files REPORT needs <oc:favorite>1</oc:favorite>");
            }
            return new FilterFiles(names, true);
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    private static String skipValue(XMLStreamReader r) throws XMLStreamException {
        skip(r);
        return null;
    }

    /** The content of the current element up to its end, as XML text; the reader ends on its end tag. */
    private static String content(XMLStreamReader r) throws XMLStreamException {
        StringBuilder sb = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            switch (e) {
                case XMLStreamConstants.START_ELEMENT -> {
                    depth++;
                    String ns = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
                    if (ns.isEmpty()) {
                        sb.append('<').append(r.getLocalName());
                    } else {
                        sb.append("<v:").append(r.getLocalName()).append(" xmlns:v=\"");
                        escape(sb, ns, true);
                        sb.append('"');
                    }
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        String ans = r.getAttributeNamespace(i);
                        if (ans == null || ans.isEmpty()) {
                            sb.append(' ').append(r.getAttributeLocalName(i)).append("=\"");
                            escape(sb, r.getAttributeValue(i), true);
                            sb.append('"');
                        }
                    }
                    sb.append('>');
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    depth--;
                    if (depth > 0) {
                        String ns = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
                        sb.append(ns.isEmpty() ? "</" : "</v:")
                                .append(r.getLocalName())
                                .append('>');
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                    escape(sb, r.getText(), false);
                case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_REFERENCE ->
                    throw NuboException.invalid("DTDs and entity references are not accepted");
                case XMLStreamConstants.END_DOCUMENT ->
                    throw NuboException.invalid("the XML body ends inside an element");
                default -> {
                    // comments and processing instructions are not part of a value
                }
            }
        }
        return sb.toString();
    }

    private static void escape(StringBuilder sb, String text, boolean attribute) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append(attribute ? "&quot;" : "\"");
                case '\r' -> sb.append("&#13;");
                default -> sb.append(c);
            }
        }
    }

    /** What a LOCK asks for: the scope, and the owner element's content (XML text) if given. */
    public record LockInfo(boolean exclusive, String ownerXml) {}

    /** Parses a LOCK body; null for an empty one (a refresh). Only write locks exist. */
    public static LockInfo lockinfo(InputStream body) throws IOException {
        XMLStreamReader r = open(body);
        if (r == null) {
            return null;
        }
        try {
            if (!isDav(r, "lockinfo")) {
                throw NuboException.invalid("a LOCK body must be a DAV:lockinfo element");
            }
            Boolean exclusive = null;
            String owner = null;
            while (next(r) == XMLStreamConstants.START_ELEMENT) {
                if (isDav(r, "lockscope")) {
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        if (isDav(r, "exclusive")) {
                            exclusive = true;
                        } else if (isDav(r, "shared")) {
                            exclusive = false;
                        }
                        skip(r);
                    }
                } else if (isDav(r, "locktype")) {
                    while (next(r) == XMLStreamConstants.START_ELEMENT) {
                        if (!isDav(r, "write")) {
                            throw NuboException.invalid("only write locks exist");
                        }
                        skip(r);
                    }
                } else if (isDav(r, "owner")) {
                    owner = content(r);
                } else {
                    skip(r);
                }
            }
            if (exclusive == null) {
                throw NuboException.invalid("a DAV:lockinfo needs a lockscope of exclusive or shared");
            }
            return new LockInfo(exclusive, owner);
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        } finally {
            close(r);
        }
    }

    /** True when the body has any content at all (MKCOL with a body is refused). */
    public static boolean hasBody(InputStream body) throws IOException {
        return body.read() >= 0;
    }

    /** A reader positioned on the root element, or null for an empty body. */
    private static XMLStreamReader open(InputStream body) throws IOException {
        InputStream limited = Payloads.bounded(body, MAX_BODY, DavXml::tooLarge);
        java.io.PushbackInputStream in = new java.io.PushbackInputStream(limited, 1);
        int first = in.read();
        if (first < 0) {
            return null;
        }
        in.unread(first);
        try {
            XMLStreamReader r = INPUT.createXMLStreamReader(in);
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.DTD) {
                    throw NuboException.invalid("DTDs and entity declarations are not accepted");
                }
                if (e == XMLStreamConstants.START_ELEMENT) {
                    return r;
                }
            }
            throw NuboException.invalid("the body has no XML element");
        } catch (XMLStreamException e) {
            throw NuboException.invalid("the body is not well-formed XML: " + e.getMessage());
        }
    }

    /** The next start or end element, skipping text, comments and whitespace; DTDs and entities refused. */
    private static int next(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            int e = r.next();
            switch (e) {
                case XMLStreamConstants.START_ELEMENT,
                        XMLStreamConstants.END_ELEMENT,
                        XMLStreamConstants.END_DOCUMENT -> {
                    return e;
                }
                case XMLStreamConstants.DTD,
                        XMLStreamConstants.ENTITY_REFERENCE,
                        XMLStreamConstants.ENTITY_DECLARATION ->
                    throw NuboException.invalid("DTDs and entity references are not accepted");
                default -> {
                    // characters, comments, processing instructions
                }
            }
        }
        return XMLStreamConstants.END_DOCUMENT;
    }

    /** From a start element to just past its end. */
    private static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int e = next(r);
            if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (e == XMLStreamConstants.END_DOCUMENT) {
                throw NuboException.invalid("the XML body ends inside an element");
            }
        }
    }

    private static boolean isDav(XMLStreamReader r, String local) {
        return DAV.equals(r.getNamespaceURI()) && local.equals(r.getLocalName());
    }

    private static void close(XMLStreamReader r) {
        try {
            r.close();
        } catch (XMLStreamException e) {
            // nothing held
        }
    }

    private static NuboException tooLarge() {
        return new NuboException(
                dev.nubo.platform.api.ErrorKind.TOO_LARGE,
                "body_too_large",
                "an XML request body may have at most " + MAX_BODY + " bytes");
    }
}
