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

    @Test
    void textAndChildrenWrittenAsMarkupStillEscapeAndDeclareWhatTheyMust() throws Exception {
        QName ocId = new QName("http://owncloud.org/ns", "id");
        QName ocChecksums = new QName("http://owncloud.org/ns", "checksums");
        QName ocChecksum = new QName("http://owncloud.org/ns", "checksum");
        QName foreign = new QName("urn:x-test", "wrapper");
        QName foreignChild = new QName("urn:x-test", "inner");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Multistatus ms = new Multistatus(bytes, Map.of("oc", "http://owncloud.org/ns"))) {
            Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
            found.put(NAME, Multistatus.text("r&d <draft> f\u00fcr\u0009"));
            found.put(ocId, Multistatus.text("00000042ocnubo"));
            found.put(ocChecksums, new Multistatus.Child(ocChecksum, "SHA256:ab&c"));
            found.put(new QName("DAV:", "resourcetype"), new Multistatus.Child(new QName("DAV:", "collection"), null));
            found.put(COLOR, Multistatus.text("plain"));
            found.put(foreign, new Multistatus.Child(foreignChild, "x"));
            found.put(new QName("http://owncloud.org/ns", "dDC"), null);
            ms.response("/a&b/c", found, List.of(ocChecksum));
        }
        String xml = bytes.toString(StandardCharsets.UTF_8);
        assertThat(xml).contains("<oc:id>00000042ocnubo</oc:id>", "<oc:dDC/>", "<d:resourcetype><d:collection/>");
        Document doc = parse(bytes.toByteArray());
        assertThat(doc.getElementsByTagNameNS("DAV:", "href").item(0).getTextContent())
                .isEqualTo("/a&b/c");
        assertThat(doc.getElementsByTagNameNS("DAV:", "displayname").item(0).getTextContent())
                .isEqualTo("r&d <draft> f\u00fcr\u0009");
        assertThat(doc.getElementsByTagNameNS("http://owncloud.org/ns", "checksum")
                        .item(0)
                        .getTextContent())
                .isEqualTo("SHA256:ab&c");
        assertThat(doc.getElementsByTagNameNS("DAV:", "collection").getLength()).isEqualTo(1);
        assertThat(doc.getElementsByTagNameNS("urn:x-test", "color").item(0).getTextContent())
                .isEqualTo("plain");
        assertThat(doc.getElementsByTagNameNS("urn:x-test", "inner").item(0).getTextContent())
                .isEqualTo("x");
        assertThat(doc.getElementsByTagNameNS("http://owncloud.org/ns", "dDC").getLength())
                .isEqualTo(1);
        assertThat(doc.getElementsByTagNameNS("DAV:", "status").item(1).getTextContent())
                .isEqualTo("HTTP/1.1 404 Not Found");
    }

    @Test
    void onlyPrintableAsciiWithoutMarkupCountsAsPlain() {
        assertThat(Multistatus.plain("\"e0f1\" Fri, 04 Dec 2026 10:00:00 GMT RGDNVW"))
                .isTrue();
        assertThat(Multistatus.plain("")).isTrue();
        for (String s : List.of("a&b", "a<b", "a>b", "tab\tx", "new\nline", "\u00e9", "\u65e5", "\u007f")) {
            assertThat(Multistatus.plain(s)).as(s).isFalse();
        }
    }
}
