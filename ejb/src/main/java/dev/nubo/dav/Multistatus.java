package dev.nubo.dav;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A 207 multistatus body written as it goes: each response is emitted (and may be flushed) before the next one is
 * read from the database, so a folder of any size needs memory for one page only.
 */
final class Multistatus implements AutoCloseable {
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();
    private final XMLStreamWriter w;

    /** A property value: text, or null for an empty element, or a writer of child elements. */
    interface Value {
        void write(XMLStreamWriter w) throws XMLStreamException;
    }

    Multistatus(OutputStream out) throws IOException {
        try {
            w = OUTPUT.createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.setPrefix("d", DavXml.DAV);
            w.writeStartElement("d", "multistatus", DavXml.DAV);
            w.writeNamespace("d", DavXml.DAV);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /**
     * One resource: the properties found (name to value) under 200, and the names not found under 404, each
     * propstat written only when it has members.
     */
    void response(String href, Map<QName, Value> found, List<QName> missing) throws IOException {
        try {
            w.writeStartElement("d", "response", DavXml.DAV);
            element("href", href);
            if (!found.isEmpty() || missing.isEmpty()) {
                w.writeStartElement("d", "propstat", DavXml.DAV);
                w.writeStartElement("d", "prop", DavXml.DAV);
                for (Map.Entry<QName, Value> p : found.entrySet()) {
                    start(p.getKey());
                    if (p.getValue() != null) {
                        p.getValue().write(w);
                    }
                    w.writeEndElement();
                }
                w.writeEndElement();
                element("status", "HTTP/1.1 200 OK");
                w.writeEndElement();
            }
            if (!missing.isEmpty()) {
                w.writeStartElement("d", "propstat", DavXml.DAV);
                w.writeStartElement("d", "prop", DavXml.DAV);
                for (QName name : missing) {
                    start(name);
                    w.writeEndElement();
                }
                w.writeEndElement();
                element("status", "HTTP/1.1 404 Not Found");
                w.writeEndElement();
            }
            w.writeEndElement();
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
        } else {
            w.writeStartElement("x", name.getLocalPart(), name.getNamespaceURI());
            w.writeNamespace("x", name.getNamespaceURI());
        }
    }

    private void element(String local, String text) throws XMLStreamException {
        w.writeStartElement("d", local, DavXml.DAV);
        w.writeCharacters(text);
        w.writeEndElement();
    }

    void flush() throws IOException {
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
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }
}
