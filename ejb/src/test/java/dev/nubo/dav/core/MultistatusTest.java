package dev.nubo.dav.core;

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
    void valuesWrittenThroughStaxCloseTheirTagsAndLongTextSurvivesTheBuffer() throws Exception {
        QName calendarData = new QName("urn:ietf:params:xml:ns:caldav", "calendar-data");
        QName supported = new QName("urn:ietf:params:xml:ns:caldav", "supported-calendar-data");
        QName ocFileId = new QName("http://owncloud.org/ns", "fileid");
        // longer than the multistatus's own buffer, with characters to escape near both ends and non-ASCII
        String ics =
                "BEGIN:VCALENDAR\r\nSUMMARY:R&D <review>\r\n" + "X".repeat(40_000) + "\r\nLOCATION:Z\u00fcrich\r\n";
        String longPlain = "/dav/files/alice/" + "p".repeat(20_000);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Multistatus ms = new Multistatus(bytes, Map.of("oc", "http://owncloud.org/ns"))) {
            for (int i = 0; i < 3; i++) {
                Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
                // an empty element with attributes written last: the writer holds its start tag open
                found.put(supported, w -> {
                    w.writeEmptyElement("c", "calendar-data", "urn:ietf:params:xml:ns:caldav");
                    w.writeNamespace("c", "urn:ietf:params:xml:ns:caldav");
                    w.writeAttribute("content-type", "text/calendar");
                });
                found.put(calendarData, Multistatus.text(ics));
                found.put(ocFileId, Multistatus.text(Integer.toString(i)));
                found.put(NAME, w -> w.writeEmptyElement("d", "empty", "DAV:"));
                ms.response(i == 1 ? longPlain : "/dav/files/alice/e" + i, found, List.of(COLOR));
                ms.statusResponse("/dav/files/alice/gone&" + i, "HTTP/1.1 404 Not Found");
            }
            ms.syncToken("http://nubo.dev/ns/sync/42");
        }
        Document doc = parse(bytes.toByteArray());
        assertThat(doc.getElementsByTagNameNS("DAV:", "response").getLength()).isEqualTo(6);
        assertThat(doc.getElementsByTagNameNS("urn:ietf:params:xml:ns:caldav", "calendar-data")
                        .getLength())
                .isEqualTo(6); // three values and three empty children of supported-calendar-data
        for (int i = 0; i < 3; i++) {
            Element data = (Element) doc.getElementsByTagNameNS("urn:ietf:params:xml:ns:caldav", "calendar-data")
                    .item(i * 2 + 1);
            assertThat(data.getTextContent()).isEqualTo(ics);
            Element empty = (Element) doc.getElementsByTagNameNS("urn:ietf:params:xml:ns:caldav", "calendar-data")
                    .item(i * 2);
            assertThat(empty.getAttribute("content-type")).isEqualTo("text/calendar");
            assertThat(empty.getParentNode().getLocalName()).isEqualTo("supported-calendar-data");
            assertThat(doc.getElementsByTagNameNS("http://owncloud.org/ns", "fileid")
                            .item(i)
                            .getTextContent())
                    .isEqualTo(Integer.toString(i));
        }
        assertThat(doc.getElementsByTagNameNS("DAV:", "href").item(2).getTextContent())
                .isEqualTo(longPlain);
        assertThat(doc.getElementsByTagNameNS("DAV:", "href").item(1).getTextContent())
                .isEqualTo("/dav/files/alice/gone&0");
        assertThat(doc.getElementsByTagNameNS("DAV:", "empty").getLength()).isEqualTo(3);
        assertThat(doc.getElementsByTagNameNS("urn:x-test", "color").getLength())
                .isEqualTo(3);
        assertThat(doc.getElementsByTagNameNS("DAV:", "sync-token").item(0).getTextContent())
                .isEqualTo("http://nubo.dev/ns/sync/42");
        assertThat(doc.getDocumentElement().getLastChild().getLocalName()).isEqualTo("sync-token");
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
