package dev.nubo.dav.pim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.calendar.api.CompFilter;
import dev.nubo.dav.core.DavException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class ReportXmlTest {
    static Report parse(String xml) throws IOException {
        return ReportXml.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static void refused(String xml, int status, String ns, String condition) {
        assertThatThrownBy(() -> parse(xml)).isInstanceOf(DavException.class).satisfies(e -> {
            DavException d = (DavException) e;
            assertThat(d.status()).as(d.getMessage()).isEqualTo(status);
            assertThat(d.precondition()).isEqualTo(condition == null ? null : new QName(ns, condition));
        });
    }

    @Test
    void calendarQuery_underAnyPrefix() throws IOException {
        Report r = parse("<Q:calendar-query xmlns:Q=\"urn:ietf:params:xml:ns:caldav\" xmlns:Z=\"DAV:\"><Z:prop>"
                + "<Z:getetag/><Q:calendar-data><Q:expand start=\"20300101T000000Z\" end=\"20300201T000000Z\"/>"
                + "</Q:calendar-data></Z:prop><Q:filter><Q:comp-filter name=\"VCALENDAR\"><Q:comp-filter name=\"VEVENT\">"
                + "<Q:time-range start=\"20300105T000000Z\"/><Q:prop-filter name=\"SUMMARY\"><Q:text-match"
                + " collation=\"i;octet\" negate-condition=\"yes\">x</Q:text-match></Q:prop-filter></Q:comp-filter>"
                + "</Q:comp-filter></Q:filter><Q:timezone>BEGIN:VCALENDAR</Q:timezone></Q:calendar-query>");
        assertThat(r).isInstanceOf(CalendarQuery.class);
        CalendarQuery q = (CalendarQuery) r;
        assertThat(q.props().names()).containsExactly(new QName("DAV:", "getetag"), PimProps.CALENDAR_DATA);
        assertThat(q.props().expand().start()).isEqualTo(Instant.parse("2030-01-01T00:00:00Z"));
        CompFilter event = q.filter().comps().get(0);
        assertThat(event.name()).isEqualTo("VEVENT");
        assertThat(event.timeRange().start()).isEqualTo(Instant.parse("2030-01-05T00:00:00Z"));
        assertThat(event.timeRange().end()).isNull();
        assertThat(event.props().get(0).textMatch().negate()).isTrue();
        assertThat(q.timezone()).isEqualTo("BEGIN:VCALENDAR");
    }

    @Test
    void multigetsSyncAndFreeBusy() throws IOException {
        CalendarMultiget m = (CalendarMultiget) parse("<c:calendar-multiget xmlns:c=\"urn:ietf:params:xml:ns:caldav\""
                + " xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop><d:href> /a.ics </d:href><d:href>/b%20c.ics</d:href>"
                + "</c:calendar-multiget>");
        assertThat(m.hrefs()).containsExactly("/a.ics", "/b%20c.ics");
        AddressbookMultiget a = (AddressbookMultiget)
                parse(
                        "<x:addressbook-multiget"
                                + " xmlns:x=\"urn:ietf:params:xml:ns:carddav\"><href xmlns=\"DAV:\">/c.vcf</href></x:addressbook-multiget>");
        assertThat(a.props().kind()).isEqualTo(PropRequest.Kind.ALLPROP);
        SyncCollection s = (SyncCollection) parse("<sync-collection xmlns=\"DAV:\"><sync-token/><sync-level>1"
                + "</sync-level><limit><nresults>10</nresults></limit><prop><getetag/></prop></sync-collection>");
        assertThat(s.syncToken()).isEmpty();
        assertThat(s.limit()).isEqualTo(10);
        FreeBusyQuery f = (FreeBusyQuery) parse("<c:free-busy-query xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
                + "<c:time-range start=\"20300101T000000Z\" end=\"20300102T000000Z\"/></c:free-busy-query>");
        assertThat(f.range().end()).isEqualTo(Instant.parse("2030-01-02T00:00:00Z"));
    }

    @Test
    void addressbookQuery_withTestsAndParams() throws IOException {
        AddressbookQuery q = (AddressbookQuery) parse("<C:addressbook-query xmlns:C=\"urn:ietf:params:xml:ns:carddav\""
                + " xmlns:D=\"DAV:\"><D:prop><C:address-data/></D:prop><C:filter test=\"allof\"><C:prop-filter"
                + " name=\"EMAIL\" test=\"allof\"><C:text-match match-type=\"ends-with\">.org</C:text-match>"
                + "<C:param-filter name=\"TYPE\"><C:is-not-defined/></C:param-filter></C:prop-filter></C:filter>"
                + "<C:limit><C:nresults>5</C:nresults></C:limit></C:addressbook-query>");
        assertThat(q.filter().allOf()).isTrue();
        assertThat(q.filter().props().get(0).allOf()).isTrue();
        assertThat(q.filter().props().get(0).textMatches().get(0).matchType()).isEqualTo("ends-with");
        assertThat(q.filter().props().get(0).params().get(0).isNotDefined()).isTrue();
        assertThat(q.limit()).isEqualTo(5);
    }

    static final String C = "urn:ietf:params:xml:ns:caldav";

    static String query(String range) {
        return "<c:calendar-query xmlns:c=\"" + C + "\"><c:filter><c:comp-filter name=\"VCALENDAR\">"
                + "<c:comp-filter name=\"VEVENT\">" + range + "</c:comp-filter></c:comp-filter></c:filter>"
                + "</c:calendar-query>";
    }

    @Test
    void badRequests_areRefusedWithTheRightAnswer() {
        refused(
                "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                        + "<c:calendar-query xmlns:c=\"" + C + "\">&e;</c:calendar-query>",
                400,
                null,
                null);
        refused(
                "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>"
                        + "<c:calendar-query xmlns:c=\"" + C + "\">&b;</c:calendar-query>",
                400,
                null,
                null);
        refused("<not-xml", 400, null, null);
        refused("", 400, null, null);
        refused("<d:expand-property xmlns:d=\"DAV:\"/>", 403, "DAV:", "supported-report");
        refused(query("<c:time-range start=\"20300201T000000Z\" end=\"20300101T000000Z\"/>"), 403, C, "valid-filter");
        refused(query("<c:time-range/>"), 403, C, "valid-filter");
        refused(query("<c:time-range start=\"2030-01-01\"/>"), 403, C, "valid-filter");
        refused(
                query("<c:prop-filter name=\"SUMMARY\"><c:text-match collation=\"i;klingon\">x</c:text-match>"
                        + "</c:prop-filter>"),
                403,
                C,
                "supported-collation");
        refused(
                "<c:calendar-query xmlns:c=\"" + C + "\"><c:filter><c:comp-filter name=\"VEVENT\"/></c:filter>"
                        + "</c:calendar-query>",
                403,
                C,
                "valid-filter");
        refused("<c:calendar-multiget xmlns:c=\"" + C + "\"/>", 400, null, null);
        refused(
                "<sync-collection xmlns=\"DAV:\"><sync-token/><sync-level>infinite</sync-level></sync-collection>",
                403,
                "DAV:",
                "sync-traversal-supported");
        refused("<c:free-busy-query xmlns:c=\"" + C + "\"/>", 403, C, "valid-filter");
        refused("<a>".repeat(50) + "</a>".repeat(50), 403, "DAV:", "supported-report");
        refused(
                "<c:calendar-query xmlns:c=\"" + C + "\">" + "<x>".repeat(50) + "</x>".repeat(50)
                        + "</c:calendar-query>",
                400,
                null,
                null);
        refused(
                "<c:calendar-query xmlns:c=\"" + C + "\">" + " ".repeat(1 << 20) + "</c:calendar-query>",
                413,
                null,
                null);
    }
}
