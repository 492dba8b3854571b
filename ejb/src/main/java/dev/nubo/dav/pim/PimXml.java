package dev.nubo.dav.pim;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the property values a MKCALENDAR, extended MKCOL or PROPPATCH carried, as {@link dev.nubo.dav.core.DavXml} hands
 * them over: self-contained XML fragments, already checked to be well-formed and free of DTDs.
 */
final class PimXml {
    static final String DAV = "DAV:";
    static final String CALDAV = "urn:ietf:params:xml:ns:caldav";
    static final String CARDDAV = "urn:ietf:params:xml:ns:carddav";
    static final String CS = "http://calendarserver.org/ns/";
    static final String APPLE = "http://apple.com/ns/ical/";

    private static final XMLInputFactory INPUT = factory();

    /** An element at the top of a fragment: its name and its attributes without a namespace. */
    record Element(QName name, Map<String, String> attributes) {}

    private PimXml() {}

    private static XMLInputFactory factory() {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }

    /** The character data of a fragment (a displayname, a color, a VTIMEZONE), elements left out. */
    static String text(String xml) {
        StringBuilder sb = new StringBuilder();
        read(xml, (r, depth) -> {
            if (r.getEventType() == XMLStreamConstants.CHARACTERS || r.getEventType() == XMLStreamConstants.CDATA) {
                sb.append(r.getText());
            }
        });
        return sb.toString();
    }

    /** The elements directly inside a fragment: the collection types of a resourcetype, the comps of a set. */
    static List<Element> elements(String xml) {
        List<Element> out = new ArrayList<>();
        read(xml, (r, depth) -> {
            if (r.getEventType() == XMLStreamConstants.START_ELEMENT && depth == 2) {
                Map<String, String> attributes = new LinkedHashMap<>();
                for (int i = 0; i < r.getAttributeCount(); i++) {
                    attributes.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
                }
                out.add(new Element(r.getName(), attributes));
            }
        });
        return out;
    }

    private interface Visitor {
        void visit(XMLStreamReader r, int depth);
    }

    private static void read(String xml, Visitor v) {
        try {
            XMLStreamReader r = INPUT.createXMLStreamReader(new StringReader("<r>" + xml + "</r>"));
            int depth = 0;
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                }
                v.visit(r, depth);
                if (e == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                }
            }
            r.close();
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException("a stored property value is not XML", e);
        }
    }
}
