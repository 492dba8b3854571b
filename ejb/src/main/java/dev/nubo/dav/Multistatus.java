package dev.nubo.dav;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.codehaus.stax2.XMLStreamWriter2;

/**
 * A 207 multistatus body written as it goes: each response is emitted (and may be flushed) before the next one is
 * read from the database, so a folder of any size needs memory for one page only.
 */
public final class Multistatus implements AutoCloseable {
    /**
     * Woodstox's writer, named so rather than found: the JDK's wraps the stream in a {@link
     * java.io.BufferedOutputStream} and hands it one byte per synchronized call, which made up half of a 1,000-entry
     * PROPFIND (perf/dav/RESULTS.md).
     */
    static final XMLOutputFactory OUTPUT = new com.ctc.wstx.stax.WstxOutputFactory();

    private static final byte[] DECLARATION =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final QName HREF = new QName(DavXml.DAV, "href");
    private static final QName STATUS = new QName(DavXml.DAV, "status");
    private static final QName SYNC_TOKEN = new QName(DavXml.DAV, "sync-token");
    private static final String OK = "<d:status>HTTP/1.1 200 OK</d:status>";
    private static final String NOT_FOUND = "<d:status>HTTP/1.1 404 Not Found</d:status>";

    private final XMLStreamWriter2 w;
    /** Namespaces declared once on the root (prefix by URI), so their properties need no declaration each. */
    private final Map<String, String> declared;
    /** The tags of properties whose prefix is declared on the root, worked out once per name. */
    private final Map<QName, Tag> tags = new HashMap<>();

    /** A property value: text, or null for an empty element, or a writer of child elements. */
    public interface Value {
        void write(XMLStreamWriter w) throws XMLStreamException;
    }

    /** Text content; written as is when nothing in it needs escaping, through the writer's escaping otherwise. */
    public record Text(String value) implements Value {
        @Override
        public void write(XMLStreamWriter w) throws XMLStreamException {
            w.writeCharacters(value);
        }
    }

    /** One child element with text content, or empty when {@code text} is null: DAV:collection, oc:checksum. */
    public record Child(QName name, String text) implements Value {
        @Override
        public void write(XMLStreamWriter w) throws XMLStreamException {
            w.writeStartElement("c", name.getLocalPart(), name.getNamespaceURI());
            w.writeNamespace("c", name.getNamespaceURI());
            if (text != null) {
                w.writeCharacters(text);
            }
            w.writeEndElement();
        }
    }

    public static Text text(String value) {
        return new Text(value);
    }

    /** An element's tags as markup, for a name whose prefix the root declares. */
    private record Tag(String open, String close, String empty) {
        static Tag of(String qualified) {
            return new Tag("<" + qualified + ">", "</" + qualified + ">", "<" + qualified + "/>");
        }
    }

    private static final javax.xml.stream.XMLInputFactory INPUT = storedValueReader();

    private static javax.xml.stream.XMLInputFactory storedValueReader() {
        javax.xml.stream.XMLInputFactory f = javax.xml.stream.XMLInputFactory.newDefaultFactory();
        f.setProperty(javax.xml.stream.XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(javax.xml.stream.XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }

    /** A dead property's stored XML content, replayed element by element into the response. */
    public static Value stored(String xml) {
        return w -> {
            javax.xml.stream.XMLStreamReader r =
                    INPUT.createXMLStreamReader(new java.io.StringReader("<r>" + xml + "</r>"));
            int depth = 0;
            while (r.hasNext()) {
                int e = r.next();
                if (e == javax.xml.stream.XMLStreamConstants.START_ELEMENT) {
                    if (depth++ == 0) {
                        continue;
                    }
                    String ns = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
                    if (ns.isEmpty()) {
                        w.writeStartElement(r.getLocalName());
                    } else {
                        String prefix = "v" + depth;
                        w.writeStartElement(prefix, r.getLocalName(), ns);
                        w.writeNamespace(prefix, ns);
                    }
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        w.writeAttribute(r.getAttributeLocalName(i), r.getAttributeValue(i));
                    }
                } else if (e == javax.xml.stream.XMLStreamConstants.END_ELEMENT) {
                    if (--depth > 0) {
                        w.writeEndElement();
                    }
                } else if (e == javax.xml.stream.XMLStreamConstants.CHARACTERS
                        || e == javax.xml.stream.XMLStreamConstants.SPACE
                        || e == javax.xml.stream.XMLStreamConstants.CDATA) {
                    w.writeCharacters(r.getText());
                }
            }
            r.close();
        };
    }

    /**
     * A writer of one XML document, its declaration already written: in double quotes, as DAV servers write it
     * (Woodstox's own would use single ones). The caller flushes before closing; closing keeps {@code out} open.
     */
    public static XMLStreamWriter2 document(OutputStream out) throws IOException, XMLStreamException {
        out.write(DECLARATION);
        return (XMLStreamWriter2) OUTPUT.createXMLStreamWriter(out, "UTF-8");
    }

    public Multistatus(OutputStream out) throws IOException {
        this(out, Map.of());
    }

    /** A multistatus whose root also declares these namespaces (prefix to URI), e.g. ownCloud's "oc". */
    public Multistatus(OutputStream out, Map<String, String> namespaces) throws IOException {
        HashMap<String, String> byUri = new HashMap<>();
        namespaces.forEach((prefix, uri) -> byUri.put(uri, prefix));
        declared = Map.copyOf(byUri);
        try {
            w = document(out);
            w.setPrefix("d", DavXml.DAV);
            w.writeStartElement("d", "multistatus", DavXml.DAV);
            w.writeNamespace("d", DavXml.DAV);
            for (Map.Entry<String, String> ns : namespaces.entrySet()) {
                w.setPrefix(ns.getKey(), ns.getValue());
                w.writeNamespace(ns.getKey(), ns.getValue());
            }
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /**
     * One resource: the properties found (name to value) under 200, and the names not found under 404, each
     * propstat written only when it has members.
     */
    public void response(String href, Map<QName, Value> found, List<QName> missing) throws IOException {
        try {
            w.writeStartElement("d", "response", DavXml.DAV);
            element(HREF, href);
            if (!found.isEmpty() || missing.isEmpty()) {
                w.writeStartElement("d", "propstat", DavXml.DAV);
                w.writeStartElement("d", "prop", DavXml.DAV);
                for (Map.Entry<QName, Value> p : found.entrySet()) {
                    property(p.getKey(), p.getValue());
                }
                w.writeEndElement();
                w.writeRaw(OK);
                w.writeEndElement();
            }
            if (!missing.isEmpty()) {
                w.writeStartElement("d", "propstat", DavXml.DAV);
                w.writeStartElement("d", "prop", DavXml.DAV);
                for (QName name : missing) {
                    property(name, null);
                }
                w.writeEndElement();
                w.writeRaw(NOT_FOUND);
                w.writeEndElement();
            }
            w.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /**
     * One property element. Text and empty values, and single children, under a prefix the root declares are
     * written as markup in one go: a 1,000-entry Depth 1 listing spent most of its time in the writer's per-element
     * bookkeeping and per-character escaping (perf/nextcloud/RESULTS.md). Anything else goes through the writer.
     */
    private void property(QName name, Value value) throws XMLStreamException {
        Tag tag = tag(name);
        if (tag != null && (value == null || value instanceof Text t && plain(t.value()))) {
            markup(tag, value == null ? null : ((Text) value).value());
            return;
        }
        Tag child = value instanceof Child c ? tag(c.name()) : null;
        if (tag != null && child != null && (((Child) value).text() == null || plain(((Child) value).text()))) {
            w.writeRaw(tag.open());
            markup(child, ((Child) value).text());
            w.writeRaw(tag.close());
            return;
        }
        start(name);
        if (child != null) {
            start(((Child) value).name());
            if (((Child) value).text() != null) {
                w.writeCharacters(((Child) value).text());
            }
            w.writeEndElement();
        } else if (value != null) {
            value.write(w);
        }
        w.writeEndElement();
    }

    /** An element as markup: empty when {@code text} is null, else around text that {@link #plain} accepted. */
    private void markup(Tag tag, String text) throws XMLStreamException {
        if (text == null) {
            w.writeRaw(tag.empty());
        } else {
            w.writeRaw(tag.open());
            w.writeRaw(text);
            w.writeRaw(tag.close());
        }
    }

    /** The tags for a name in the DAV: namespace, in none, or under a prefix the root declares; null otherwise. */
    private Tag tag(QName name) {
        Tag tag = tags.get(name);
        if (tag == null) {
            String ns = name.getNamespaceURI();
            String prefix = DavXml.DAV.equals(ns) ? "d" : ns.isEmpty() ? "" : declared.get(ns);
            if (prefix == null) {
                return null;
            }
            tag = Tag.of(prefix.isEmpty() ? name.getLocalPart() : prefix + ":" + name.getLocalPart());
            tags.put(name, tag);
        }
        return tag;
    }

    /**
     * Whether text can go out as it is: printable ASCII without markup characters. Everything else (non-ASCII
     * included) takes the writer's own escaping and encoding.
     */
    static boolean plain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&') {
                return false;
            }
        }
        return true;
    }

    /** One resource with a propstat per status, each listing its names as empty elements (a PROPPATCH answer). */
    public void response(String href, Map<String, List<QName>> namesByStatus) throws IOException {
        try {
            w.writeStartElement("d", "response", DavXml.DAV);
            element(HREF, href);
            for (Map.Entry<String, List<QName>> group : namesByStatus.entrySet()) {
                w.writeStartElement("d", "propstat", DavXml.DAV);
                w.writeStartElement("d", "prop", DavXml.DAV);
                for (QName name : group.getValue()) {
                    start(name);
                    w.writeEndElement();
                }
                w.writeEndElement();
                element(STATUS, group.getKey());
                w.writeEndElement();
            }
            w.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** A resource answered by a status alone (RFC 4918 section 14.24): a multiget's missing href, a removed member. */
    public void statusResponse(String href, String status) throws IOException {
        try {
            w.writeStartElement("d", "response", DavXml.DAV);
            element(HREF, href);
            element(STATUS, status);
            w.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** The DAV:sync-token that closes a sync-collection answer (RFC 6578 section 6.4). */
    public void syncToken(String token) throws IOException {
        try {
            element(SYNC_TOKEN, token);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** A property element under its own namespace; DAV: ones use the "d" prefix declared on the root. */
    private void start(QName name) throws XMLStreamException {
        if (DavXml.DAV.equals(name.getNamespaceURI())) {
            w.writeStartElement("d", name.getLocalPart(), DavXml.DAV);
        } else if (name.getNamespaceURI().isEmpty()) {
            w.writeStartElement(name.getLocalPart());
        } else if (declared.containsKey(name.getNamespaceURI())) {
            w.writeStartElement(declared.get(name.getNamespaceURI()), name.getLocalPart(), name.getNamespaceURI());
        } else {
            w.writeStartElement("x", name.getLocalPart(), name.getNamespaceURI());
            w.writeNamespace("x", name.getNamespaceURI());
        }
    }

    private void element(QName name, String text) throws XMLStreamException {
        property(name, new Text(text));
    }

    public void flush() throws IOException {
        try {
            w.flush();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            w.writeEndElement();
            w.writeEndDocument();
            w.flush();
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }
}
