package dev.nubo.it.blackbox;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** A multistatus or error answer read namespace-aware, whatever prefixes the server chose. */
final class DavXmlDoc {
    static final String DAV = "DAV:";
    static final String C = "urn:ietf:params:xml:ns:caldav";
    static final String CR = "urn:ietf:params:xml:ns:carddav";
    static final String CS = "http://calendarserver.org/ns/";

    final Document doc;

    private DavXmlDoc(Document doc) {
        this.doc = doc;
    }

    static DavXmlDoc parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return new DavXmlDoc(
                    f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))));
        } catch (Exception e) {
            throw new AssertionError("not XML: " + xml, e);
        }
    }

    /** One DAV:response: its href, its status line (status-only responses), and property texts found under 200. */
    record Response(String href, String status, Map<String, String> props, Map<String, Element> elements) {
        String prop(String ns, String local) {
            return props.get("{" + ns + "}" + local);
        }

        Element element(String ns, String local) {
            return elements.get("{" + ns + "}" + local);
        }
    }

    List<Response> responses() {
        List<Response> out = new ArrayList<>();
        NodeList rs = doc.getElementsByTagNameNS(DAV, "response");
        for (int i = 0; i < rs.getLength(); i++) {
            Element r = (Element) rs.item(i);
            String href = text(child(r, DAV, "href"));
            Element status = child(r, DAV, "status");
            Map<String, String> props = new LinkedHashMap<>();
            Map<String, Element> elements = new LinkedHashMap<>();
            NodeList propstats = r.getElementsByTagNameNS(DAV, "propstat");
            for (int j = 0; j < propstats.getLength(); j++) {
                Element ps = (Element) propstats.item(j);
                if (!text(child(ps, DAV, "status")).contains(" 200 ")) {
                    continue;
                }
                Element prop = child(ps, DAV, "prop");
                for (Node n = prop.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element e) {
                        String key = "{" + e.getNamespaceURI() + "}" + e.getLocalName();
                        props.put(key, e.getTextContent());
                        elements.put(key, e);
                    }
                }
            }
            out.add(new Response(href, status == null ? null : text(status), props, elements));
        }
        return out;
    }

    Response only() {
        List<Response> all = responses();
        if (all.size() != 1) {
            throw new AssertionError("expected one response, got " + all.size());
        }
        return all.get(0);
    }

    /** The text of the first element of that name anywhere (e.g. DAV:sync-token, the href inside a property). */
    String first(String ns, String local) {
        NodeList l = doc.getElementsByTagNameNS(ns, local);
        return l.getLength() == 0 ? null : l.item(0).getTextContent().strip();
    }

    boolean has(String ns, String local) {
        return doc.getElementsByTagNameNS(ns, local).getLength() > 0;
    }

    private static Element child(Element parent, String ns, String local) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && ns.equals(e.getNamespaceURI()) && local.equals(e.getLocalName())) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element e) {
        return e == null ? null : e.getTextContent().strip();
    }
}
