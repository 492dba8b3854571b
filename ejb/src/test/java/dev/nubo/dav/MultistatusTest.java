package dev.nubo.dav;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class MultistatusTest {
    private static final QName NAME = new QName("DAV:", "displayname");
    private static final QName COLOR = new QName("urn:x-test", "color");

    private static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    @Test
    void writesAWellFormedDocumentWithEscapedTextAndStoredValues() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String awkward = "a <b> & \"c\" ' é 日本 #%?+";
        try (ByteSink out = new ByteSink(bytes, 16);
                Multistatus ms = new Multistatus(out)) {
            Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
            found.put(NAME, w -> w.writeCharacters(awkward));
            found.put(COLOR, Multistatus.stored("<x:rgb xmlns:x=\"urn:x-test\" alpha=\"0.5\">#fff &amp; more</x:rgb>"));
            for (int i = 0; i < 50; i++) {
                ms.response("/dav/files/alice/f%20" + i, found, List.of(new QName("urn:other", "missing")));
            }
        }
        byte[] xml = bytes.toByteArray();
        assertThat(new String(xml, 0, 39, StandardCharsets.US_ASCII))
                .isEqualTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".substring(0, 39));
        Document doc = parse(xml);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("multistatus");
        assertThat(doc.getElementsByTagNameNS("DAV:", "response").getLength()).isEqualTo(50);
        assertThat(doc.getElementsByTagNameNS("DAV:", "displayname").item(49).getTextContent())
                .isEqualTo(awkward);
        Element rgb = (Element) doc.getElementsByTagNameNS("urn:x-test", "rgb").item(7);
        assertThat(rgb.getAttribute("alpha")).isEqualTo("0.5");
        assertThat(rgb.getTextContent()).isEqualTo("#fff & more");
        assertThat(doc.getElementsByTagNameNS("urn:other", "missing").getLength())
                .isEqualTo(50);
        assertThat(doc.getElementsByTagNameNS("DAV:", "status").item(1).getTextContent())
                .isEqualTo("HTTP/1.1 404 Not Found");
    }
}
