package dev.nubo.dav.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
 *
 * <p>The skeleton (multistatus, response, href, propstat, status) and property elements whose text needs no escaping
 * are written here as bytes: a 1,000-entry Depth 1 listing spent most of its time in a StAX writer's per-element
 * bookkeeping, per-character escaping and char-to-byte encoding (perf/nextcloud/RESULTS.md). Everything else — text
 * with markup characters or non-ASCII, properties in undeclared namespaces, structured values, stored dead
 * properties — is written by Woodstox, one value at a time, into the same buffer.
 */
public final class Multistatus implements AutoCloseable {
    /**
     * Woodstox's writer, named so rather than found: the JDK's wraps the stream in a {@link
     * java.io.BufferedOutputStream} and hands it one byte per synchronized call, which made up half of a 1,000-entry
     * PROPFIND (perf/dav/RESULTS.md).
     */
    static final XMLOutputFactory OUTPUT = new com.ctc.wstx.stax.WstxOutputFactory();

    private static final byte[] DECLARATION = ascii("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    private static final byte[] ROOT_OPEN = ascii("<d:multistatus xmlns:d=\"DAV:\"");
    private static final byte[] ROOT_CLOSE = ascii("</d:multistatus>");
    private static final byte[] RESPONSE_OPEN = ascii("<d:response><d:href>");
    private static final byte[] HREF_CLOSE = ascii("</d:href>");
    private static final byte[] RESPONSE_CLOSE = ascii("</d:response>");
    private static final byte[] PROPSTAT_OPEN = ascii("<d:propstat><d:prop>");
    private static final byte[] PROP_CLOSE = ascii("</d:prop>");
    private static final byte[] PROPSTAT_CLOSE = ascii("</d:propstat>");
    private static final byte[] OK = ascii("<d:status>HTTP/1.1 200 OK</d:status>");
    private static final byte[] NOT_FOUND = ascii("<d:status>HTTP/1.1 404 Not Found</d:status>");
    private static final byte[] STATUS_OPEN = ascii("<d:status>");
    private static final byte[] STATUS_CLOSE = ascii("</d:status>");
    private static final byte[] SYNC_TOKEN_OPEN = ascii("<d:sync-token>");
    private static final byte[] SYNC_TOKEN_CLOSE = ascii("</d:sync-token>");

    /** The caller's stream when it is a sink already, else a sink of our own around it (never closed here). */
    private final ByteSink sink;
    /** Namespaces declared once on the root (prefix by URI), so their properties need no declaration each. */
    private final Map<String, String> declared;
    /** The tags of properties whose prefix is declared on the root, worked out once per name. */
    private final Map<QName, Tag> tags = new HashMap<>();
    /**
     * Woodstox, writing into the sink whatever is not plain markup; made at the first such value. It writes
     * inside a wrapper element of its own, whose tags are never sent: at the top level it would not escape text.
     */
    private XMLStreamWriter2 values;
    /** While true, what Woodstox writes is dropped: its wrapper element's tags. */
    private boolean discard;

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

    /** An element's tags as bytes, for a name whose prefix the root declares. */
    private record Tag(byte[] open, byte[] close, byte[] empty) {
        static Tag of(String qualified) {
            return new Tag(ascii("<" + qualified + ">"), ascii("</" + qualified + ">"), ascii("<" + qualified + "/>"));
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
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
        this.sink = out instanceof ByteSink b ? b : new ByteSink(out, 16 * 1024);
        HashMap<String, String> byUri = new HashMap<>();
        namespaces.forEach((prefix, uri) -> byUri.put(uri, prefix));
        declared = Map.copyOf(byUri);
        raw(DECLARATION);
        raw(ROOT_OPEN);
        for (Map.Entry<String, String> ns : new java.util.TreeMap<>(namespaces).entrySet()) {
            if (!plain(ns.getKey() + ns.getValue()) || ns.getValue().indexOf('"') >= 0) {
                throw new IllegalArgumentException("not a namespace to declare: " + ns);
            }
            raw(ascii(" xmlns:" + ns.getKey() + "=\"" + ns.getValue() + "\""));
        }
        raw((byte) '>');
    }

    /**
     * One resource: the properties found (name to value) under 200, and the names not found under 404, each
     * propstat written only when it has members.
     */
    public void response(String href, Map<QName, Value> found, List<QName> missing) throws IOException {
        try {
            raw(RESPONSE_OPEN);
            characters(href);
            raw(HREF_CLOSE);
            if (!found.isEmpty() || missing.isEmpty()) {
                raw(PROPSTAT_OPEN);
                for (Map.Entry<QName, Value> p : found.entrySet()) {
                    property(p.getKey(), p.getValue());
                }
                raw(PROP_CLOSE);
                raw(OK);
                raw(PROPSTAT_CLOSE);
            }
            if (!missing.isEmpty()) {
                raw(PROPSTAT_OPEN);
                for (QName name : missing) {
                    property(name, null);
                }
                raw(PROP_CLOSE);
                raw(NOT_FOUND);
                raw(PROPSTAT_CLOSE);
            }
            raw(RESPONSE_CLOSE);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /**
     * One property element. Empty and text values and single children under a prefix the root declares are written
     * here; a value of any other shape, or a name in another namespace, goes through Woodstox.
     */
    private void property(QName name, Value value) throws IOException, XMLStreamException {
        Tag tag = tag(name);
        if (tag == null) {
            foreign(name, value);
        } else if (value == null) {
            raw(tag.empty());
        } else if (value instanceof Text t) {
            raw(tag.open());
            characters(t.value());
            raw(tag.close());
        } else if (value instanceof Child c && tag(c.name()) != null) {
            Tag child = tag(c.name());
            raw(tag.open());
            if (c.text() == null) {
                raw(child.empty());
            } else {
                raw(child.open());
                characters(c.text());
                raw(child.close());
            }
            raw(tag.close());
        } else {
            raw(tag.open());
            XMLStreamWriter2 w = values();
            value.write(w);
            settle(w);
            raw(tag.close());
        }
    }

    /** A property in a namespace the root does not declare: its element declares it. */
    private void foreign(QName name, Value value) throws XMLStreamException {
        XMLStreamWriter2 w = values();
        String ns = name.getNamespaceURI();
        if (value == null) {
            w.writeEmptyElement("x", name.getLocalPart(), ns);
            w.writeNamespace("x", ns);
        } else {
            w.writeStartElement("x", name.getLocalPart(), ns);
            w.writeNamespace("x", ns);
            value.write(w);
            w.writeEndElement();
        }
        settle(w);
    }

    /**
     * Moves what Woodstox holds into the buffer. Writing no text first closes a start tag it still keeps open for
     * attributes (an empty element written last).
     */
    private static void settle(XMLStreamWriter2 w) throws XMLStreamException {
        w.writeCharacters("");
        w.flush();
    }

    /** The tags for a name in the DAV: namespace, in none, or under a prefix the root declares; null otherwise. */
    private Tag tag(QName name) {
        Tag tag = tags.get(name);
        if (tag == null) {
            String ns = name.getNamespaceURI();
            String prefix = DavXml.DAV.equals(ns) ? "d" : ns.isEmpty() ? "" : declared.get(ns);
            if (prefix == null || !plain(name.getLocalPart())) {
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
            if (!ByteSink.plainAscii(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Text content: copied as bytes when {@link #plain}, escaped and encoded by Woodstox otherwise. */
    private void characters(String text) throws IOException, XMLStreamException {
        if (!sink.writePlainAscii(text)) {
            XMLStreamWriter2 w = values();
            w.writeCharacters(text);
            settle(w);
        }
    }

    private XMLStreamWriter2 values() throws XMLStreamException {
        if (values == null) {
            XMLStreamWriter2 w = (XMLStreamWriter2) OUTPUT.createXMLStreamWriter(new Into(), "UTF-8");
            w.setPrefix("d", DavXml.DAV);
            for (Map.Entry<String, String> ns : declared.entrySet()) {
                w.setPrefix(ns.getValue(), ns.getKey());
            }
            discard = true;
            w.writeStartElement("wrapper");
            settle(w); // the wrapper's start tag, dropped now
            discard = false;
            values = w;
        }
        return values;
    }

    /** Where Woodstox writes: the sink; flushing is left to the multistatus. */
    private final class Into extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            if (!discard) {
                raw((byte) b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (!discard) {
                raw(b, off, len);
            }
        }
    }

    private void raw(byte b) throws IOException {
        sink.write(b);
    }

    private void raw(byte[] b) throws IOException {
        sink.write(b, 0, b.length);
    }

    private void raw(byte[] b, int off, int len) throws IOException {
        sink.write(b, off, len);
    }

    /** One resource with a propstat per status, each listing its names as empty elements (a PROPPATCH answer). */
    public void response(String href, Map<String, List<QName>> namesByStatus) throws IOException {
        try {
            raw(RESPONSE_OPEN);
            characters(href);
            raw(HREF_CLOSE);
            for (Map.Entry<String, List<QName>> group : namesByStatus.entrySet()) {
                raw(PROPSTAT_OPEN);
                for (QName name : group.getValue()) {
                    property(name, null);
                }
                raw(PROP_CLOSE);
                status(group.getKey());
                raw(PROPSTAT_CLOSE);
            }
            raw(RESPONSE_CLOSE);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** A resource answered by a status alone (RFC 4918 section 14.24): a multiget's missing href, a removed member. */
    public void statusResponse(String href, String status) throws IOException {
        try {
            raw(RESPONSE_OPEN);
            characters(href);
            raw(HREF_CLOSE);
            status(status);
            raw(RESPONSE_CLOSE);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    private void status(String status) throws IOException, XMLStreamException {
        raw(STATUS_OPEN);
        characters(status);
        raw(STATUS_CLOSE);
    }

    /** The DAV:sync-token that closes a sync-collection answer (RFC 6578 section 6.4). */
    public void syncToken(String token) throws IOException {
        try {
            raw(SYNC_TOKEN_OPEN);
            characters(token);
            raw(SYNC_TOKEN_CLOSE);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** Sends what is written so far on to the client. */
    public void flush() throws IOException {
        sink.flush();
    }

    /** Ends the document and flushes it; {@code out} stays open. */
    @Override
    public void close() throws IOException {
        if (values != null) {
            discard = true; // the wrapper's end tag
            try {
                values.close();
            } catch (XMLStreamException e) {
                throw new IOException(e);
            }
        }
        raw(ROOT_CLOSE);
        flush();
    }
}
