package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CalDAV (RFC 4791) over /dav/calendars/{user}/ as clients use it: discovery (RFC 6764, RFC 5397), objects with
 * their preconditions, the one-UID rule, bad data refused with nothing stored, calendar-query with recurrence,
 * multiget, sync-collection (RFC 6578) and free-busy, and that nobody reaches another user's calendars.
 */
@ExtendWith(SharedServer.class)
class Rfc4791CalDavIT {
    static final String EVENT = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Nubo tests//EN\r
            BEGIN:VEVENT\r
            UID:%s\r
            DTSTAMP:20300101T000000Z\r
            DTSTART:%s\r
            DTEND:%s\r
            SUMMARY:%s\r
            END:VEVENT\r
            END:VCALENDAR\r
            """;
    /** Weekly from Tuesday 1 January 2030, five times; the 8th moved to the 9th, the 22nd left out. */
    static final String WEEKLY = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Nubo tests//EN\r
            BEGIN:VEVENT\r
            UID:weekly-1\r
            DTSTAMP:20300101T000000Z\r
            DTSTART:20300101T090000Z\r
            DTEND:20300101T093000Z\r
            RRULE:FREQ=WEEKLY;COUNT=5\r
            EXDATE:20300122T090000Z\r
            SUMMARY:Weekly\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:weekly-1\r
            DTSTAMP:20300101T000000Z\r
            RECURRENCE-ID:20300108T090000Z\r
            DTSTART:20300109T120000Z\r
            DTEND:20300109T123000Z\r
            SUMMARY:Weekly (moved)\r
            END:VEVENT\r
            END:VCALENDAR\r
            """;

    final Api api = SharedServer.api();

    static String home(TestUser u) {
        return "/dav/calendars/" + u.username() + "/";
    }

    static String cal(TestUser u) {
        return home(u) + "personal/";
    }

    Api.Req as(TestUser u, String method, String path) {
        return api.method(method, path).basic(u);
    }

    static String event(String uid, String start, String end, String summary) {
        return EVENT.formatted(uid, start, end, summary);
    }

    Res put(TestUser u, String path, String ics) {
        return as(u, "PUT", path).body("text/calendar; charset=utf-8", ics).send();
    }

    Res propfind(TestUser u, String path, String depth, String props) {
        return as(u, "PROPFIND", path)
                .header("Depth", depth)
                .body(
                        "application/xml",
                        "<d:propfind xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\""
                                + " xmlns:cs=\"http://calendarserver.org/ns/\"><d:prop>" + props
                                + "</d:prop></d:propfind>")
                .send();
    }

    Res report(TestUser u, String path, String body) {
        return as(u, "REPORT", path)
                .header("Depth", "1")
                .body("application/xml", body)
                .send();
    }

    String ctag(TestUser u, String path) {
        return DavXmlDoc.parse(
                        propfind(u, path, "0", "<cs:getctag/>").expect(207).body())
                .only()
                .prop(DavXmlDoc.CS, "getctag");
    }

    static String timeRangeQuery(String start, String end, boolean expand) {
        String data = expand
                ? "<c:calendar-data><c:expand start=\"" + start + "\" end=\"" + end + "\"/></c:calendar-data>"
                : "";
        return "<c:calendar-query xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop><d:getetag/>"
                + data + "</d:prop><c:filter><c:comp-filter name=\"VCALENDAR\"><c:comp-filter name=\"VEVENT\">"
                + "<c:time-range start=\"" + start + "\" end=\"" + end + "\"/></c:comp-filter></c:comp-filter>"
                + "</c:filter></c:calendar-query>";
    }

    @Test
    void discovery_leadsFromTheRootToTheDefaultCalendar() {
        TestUser u = api.newUser("cal");
        for (String wk : List.of("/.well-known/caldav", "/.well-known/carddav")) {
            Res r = api.method("PROPFIND", wk).send();
            assertThat(r.status()).as(wk).isEqualTo(301);
            assertThat(r.header("Location")).isEqualTo("/dav/");
        }
        assertThat(api.method("PROPFIND", "/dav/").header("Depth", "0").send().status())
                .isEqualTo(401);

        DavXmlDoc root = DavXmlDoc.parse(
                propfind(u, "/dav/", "0", "<d:current-user-principal/>").body());
        assertThat(root.only()
                        .element(DavXmlDoc.DAV, "current-user-principal")
                        .getTextContent()
                        .strip())
                .isEqualTo("/dav/principals/" + u.username() + "/");

        DavXmlDoc p = DavXmlDoc.parse(
                propfind(u, "/dav/principals/" + u.username() + "/", "0", "<c:calendar-home-set/><d:displayname/>")
                        .expect(207)
                        .body());
        assertThat(p.only()
                        .element(DavXmlDoc.C, "calendar-home-set")
                        .getTextContent()
                        .strip())
                .isEqualTo(home(u));

        DavXmlDoc listing = DavXmlDoc.parse(propfind(
                        u,
                        home(u),
                        "1",
                        "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><d:sync-token/>"
                                + "<cs:getctag/><d:supported-report-set/><d:current-user-privilege-set/>")
                .expect(207)
                .body());
        DavXmlDoc.Response personal = listing.responses().stream()
                .filter(r -> r.href().equals(cal(u)))
                .findFirst()
                .orElseThrow();
        assertThat(personal.element(DavXmlDoc.DAV, "resourcetype")
                        .getElementsByTagNameNS(DavXmlDoc.C, "calendar")
                        .getLength())
                .isEqualTo(1);
        assertThat(personal.prop(DavXmlDoc.DAV, "displayname")).isEqualTo("Personal");
        assertThat(personal.prop(DavXmlDoc.DAV, "sync-token")).startsWith("http://");
        assertThat(personal.prop(DavXmlDoc.CS, "getctag")).isNotBlank();
        assertThat(personal.element(DavXmlDoc.DAV, "supported-report-set")
                        .getElementsByTagNameNS(DavXmlDoc.DAV, "sync-collection")
                        .getLength())
                .isEqualTo(1);
        assertThat(personal.element(DavXmlDoc.DAV, "current-user-privilege-set")
                        .getElementsByTagNameNS(DavXmlDoc.DAV, "write")
                        .getLength())
                .isEqualTo(1);
    }

    @Test
    void objects_areStoredByteForByte_withTheirPreconditions() {
        TestUser u = api.newUser("cal");
        String path = cal(u) + "one.ics";
        String ics = event("one", "20300107T100000Z", "20300107T110000Z", "Caf\u00e9 \u2615; semi\\, colon");
        String before = ctag(u, cal(u));
        Res created = as(u, "PUT", path)
                .header("If-None-Match", "*")
                .body("text/calendar; charset=utf-8", ics)
                .send()
                .expect(201);
        String etag = created.header("ETag");
        assertThat(etag).startsWith("\"");
        assertThat(ctag(u, cal(u))).isNotEqualTo(before);

        Res got = as(u, "GET", path).send().expect(200);
        assertThat(got.body()).isEqualTo(ics);
        assertThat(got.header("ETag")).isEqualTo(etag);
        assertThat(got.header("Content-Type")).startsWith("text/calendar");

        assertThat(as(u, "PUT", path)
                        .header("If-None-Match", "*")
                        .body("text/calendar", ics)
                        .send()
                        .status())
                .isEqualTo(412);
        assertThat(as(u, "PUT", path)
                        .header("If-Match", "\"stale\"")
                        .body("text/calendar", ics)
                        .send()
                        .status())
                .isEqualTo(412);
        String edited = ics.replace("SUMMARY:", "SUMMARY:Edited ");
        Res updated = as(u, "PUT", path)
                .header("If-Match", etag)
                .body("text/calendar", edited)
                .send()
                .expect(204);
        assertThat(updated.header("ETag")).isNotEqualTo(etag);
        assertThat(as(u, "GET", path).send().body()).isEqualTo(edited);

        assertThat(as(u, "DELETE", path).header("If-Match", etag).send().status())
                .isEqualTo(412);
        as(u, "DELETE", path).header("If-Match", updated.header("ETag")).send().expect(204);
        as(u, "GET", path).send().expect(404);
        as(u, "DELETE", path).send().expect(404);
        assertThat(put(u, home(u) + "nocal/x.ics", ics).status()).isEqualTo(409);
    }

    @Test
    void aSecondResourceWithTheSameUid_isRefusedNamingTheFirst() {
        TestUser u = api.newUser("cal");
        put(u, cal(u) + "a.ics", event("same", "20300107T100000Z", "20300107T110000Z", "A"))
                .expect(201);
        Res second = put(u, cal(u) + "b.ics", event("same", "20300108T100000Z", "20300108T110000Z", "B"));
        assertThat(second.status()).isEqualTo(403);
        DavXmlDoc err = DavXmlDoc.parse(second.body());
        assertThat(err.has(DavXmlDoc.C, "no-uid-conflict")).isTrue();
        assertThat(err.first(DavXmlDoc.DAV, "href")).isEqualTo(cal(u) + "a.ics");
        as(u, "GET", cal(u) + "b.ics").send().expect(404);
    }

    @Test
    void badCalendarData_isRefusedWithItsPrecondition_andNothingIsStored() {
        TestUser u = api.newUser("cal");
        as(u, "MKCALENDAR", home(u) + "events-only/")
                .body(
                        "application/xml",
                        "<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
                                + "<d:set><d:prop><c:supported-calendar-component-set><c:comp name=\"VEVENT\"/>"
                                + "</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>")
                .send()
                .expect(201);
        String target = home(u) + "events-only/";
        String before = ctag(u, target);
        String noUid = event("x", "20300107T100000Z", "20300107T110000Z", "x").replace("UID:x\r\n", "");
        String todo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:t1\r\n"
                + "DTSTAMP:20300101T000000Z\r\nSUMMARY:t\r\nEND:VTODO\r\nEND:VCALENDAR\r\n";
        String method = event("m", "20300107T100000Z", "20300107T110000Z", "m")
                .replace("VERSION:2.0\r\n", "VERSION:2.0\r\nMETHOD:REQUEST\r\n");
        record Bad(String name, String body, String condition) {}
        for (Bad bad : List.of(
                new Bad("garbage.ics", "this is not a calendar", "valid-calendar-data"),
                new Bad("nouid.ics", noUid, "valid-calendar-object-resource"),
                new Bad("method.ics", method, "valid-calendar-object-resource"),
                new Bad("todo.ics", todo, "supported-calendar-component"))) {
            Res r = put(u, target + bad.name(), bad.body());
            assertThat(r.status()).as("%s: %s", bad.name(), r.body()).isEqualTo(403);
            assertThat(DavXmlDoc.parse(r.body()).has(DavXmlDoc.C, bad.condition()))
                    .as("%s names %s: %s", bad.name(), bad.condition(), r.body())
                    .isTrue();
            as(u, "GET", target + bad.name()).send().expect(404);
        }
        String huge = event("big", "20300107T100000Z", "20300107T110000Z", "x".repeat(3 << 20));
        Res tooBig = put(u, target + "big.ics", huge);
        assertThat(tooBig.status()).isEqualTo(413);
        assertThat(as(u, "PUT", target + "json.ics")
                        .body("application/json", "{}")
                        .send()
                        .status())
                .isEqualTo(415);
        String longUid = event("u".repeat(2000), "20300107T100000Z", "20300107T110000Z", "x");
        assertThat(put(u, target + "longuid.ics", longUid).status()).isEqualTo(400);
        assertThat(as(u, "MKCALENDAR", home(u) + "n".repeat(300) + "/").send().status())
                .isEqualTo(400);
        assertThat(as(u, "PROPPATCH", target)
                        .body(
                                "application/xml",
                                "<d:propertyupdate xmlns:d=\"DAV:\"><d:set><d:prop><d:displayname>" + "x".repeat(2000)
                                        + "</d:displayname></d:prop></d:set></d:propertyupdate>")
                        .send()
                        .status())
                .isEqualTo(400);
        assertThat(ctag(u, target)).isEqualTo(before);
    }

    @Test
    void calendarQuery_expandsRecurrence_andRefusesBadFilters() {
        TestUser u = api.newUser("cal");
        put(u, cal(u) + "weekly.ics", WEEKLY).expect(201);
        put(u, cal(u) + "single.ics", event("single", "20300107T100000Z", "20300107T110000Z", "Single"))
                .expect(201);
        put(u, cal(u) + "later.ics", event("later", "20310107T100000Z", "20310107T110000Z", "Later"))
                .expect(201);

        List<String> week2 = DavXmlDoc.parse(
                        report(u, cal(u), timeRangeQuery("20300105T000000Z", "20300112T000000Z", false))
                                .expect(207)
                                .body())
                .responses()
                .stream()
                .map(DavXmlDoc.Response::href)
                .toList();
        assertThat(week2).containsExactlyInAnyOrder(cal(u) + "weekly.ics", cal(u) + "single.ics");
        assertThat(DavXmlDoc.parse(report(u, cal(u), timeRangeQuery("20300120T000000Z", "20300124T000000Z", false))
                                .expect(207)
                                .body())
                        .responses())
                .as("the excluded date matches nothing")
                .isEmpty();

        DavXmlDoc expanded =
                DavXmlDoc.parse(report(u, cal(u), timeRangeQuery("20300101T000000Z", "20300201T000000Z", true))
                        .expect(207)
                        .body());
        String weeklyData = expanded.responses().stream()
                .filter(r -> r.href().endsWith("weekly.ics"))
                .findFirst()
                .orElseThrow()
                .prop(DavXmlDoc.C, "calendar-data");
        assertThat(weeklyData).doesNotContain("RRULE").doesNotContain("EXDATE");
        assertThat(weeklyData
                        .lines()
                        .filter(l -> l.startsWith("DTSTART"))
                        .map(String::strip)
                        .toList())
                .containsExactlyInAnyOrder(
                        "DTSTART:20300101T090000Z",
                        "DTSTART:20300109T120000Z",
                        "DTSTART:20300115T090000Z",
                        "DTSTART:20300129T090000Z");

        Res inverted = report(u, cal(u), timeRangeQuery("20300201T000000Z", "20300101T000000Z", false));
        assertThat(inverted.status()).isEqualTo(403);
        assertThat(DavXmlDoc.parse(inverted.body()).has(DavXmlDoc.C, "valid-filter"))
                .isTrue();
        Res xxe = report(
                u,
                cal(u),
                "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                        + "<c:calendar-query xmlns:c=\"urn:ietf:params:xml:ns:caldav\">&e;</c:calendar-query>");
        assertThat(xxe.status()).isEqualTo(400);
        assertThat(xxe.body()).doesNotContain("root:");
    }

    @Test
    void multigetAndSyncCollection_reportWhatChanged_includingRemovals() {
        TestUser u = api.newUser("cal");
        for (String n : List.of("a", "b", "c")) {
            put(u, cal(u) + n + ".ics", event(n, "20300107T100000Z", "20300107T110000Z", n))
                    .expect(201);
        }
        DavXmlDoc multi = DavXmlDoc.parse(report(
                        u,
                        cal(u),
                        "<c:calendar-multiget xmlns:d=\"DAV:\""
                                + " xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop><d:getetag/><c:calendar-data/></d:prop>"
                                + "<d:href>" + cal(u) + "a.ics</d:href><d:href>" + cal(u) + "c.ics</d:href><d:href>"
                                + cal(u)
                                + "nope.ics</d:href></c:calendar-multiget>")
                .expect(207)
                .body());
        assertThat(multi.responses()).hasSize(3);
        assertThat(multi.responses().stream()
                        .filter(r -> r.href().endsWith("a.ics"))
                        .findFirst()
                        .orElseThrow()
                        .prop(DavXmlDoc.C, "calendar-data"))
                .contains("UID:a");
        assertThat(multi.responses().stream()
                        .filter(r -> r.href().endsWith("nope.ics"))
                        .findFirst()
                        .orElseThrow()
                        .status())
                .contains("404");

        DavXmlDoc initial =
                DavXmlDoc.parse(report(u, cal(u), sync("")).expect(207).body());
        assertThat(initial.responses()).hasSize(3);
        String token = initial.first(DavXmlDoc.DAV, "sync-token");

        put(u, cal(u) + "a.ics", event("a", "20300107T100000Z", "20300107T120000Z", "a2"))
                .expect(204);
        as(u, "DELETE", cal(u) + "b.ics").send().expect(204);
        DavXmlDoc delta =
                DavXmlDoc.parse(report(u, cal(u), sync(token)).expect(207).body());
        assertThat(delta.responses()).hasSize(2);
        assertThat(delta.responses().stream()
                        .filter(r -> r.href().endsWith("a.ics"))
                        .findFirst()
                        .orElseThrow()
                        .prop(DavXmlDoc.DAV, "getetag"))
                .isNotBlank();
        assertThat(delta.responses().stream()
                        .filter(r -> r.href().endsWith("b.ics"))
                        .findFirst()
                        .orElseThrow()
                        .status())
                .contains("404");
        String next = delta.first(DavXmlDoc.DAV, "sync-token");
        assertThat(next).isNotEqualTo(token);
        assertThat(DavXmlDoc.parse(report(u, cal(u), sync(next)).expect(207).body())
                        .responses())
                .isEmpty();

        Res bogus = report(u, cal(u), sync("http://nubo.dev/ns/sync/1-999999"));
        assertThat(bogus.status()).isEqualTo(403);
        assertThat(DavXmlDoc.parse(bogus.body()).has(DavXmlDoc.DAV, "valid-sync-token"))
                .isTrue();
    }

    static String sync(String token) {
        return "<d:sync-collection xmlns:d=\"DAV:\"><d:sync-token>" + token + "</d:sync-token><d:sync-level>1"
                + "</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>";
    }

    @Test
    void freeBusy_mergesBusyTime() {
        TestUser u = api.newUser("cal");
        put(u, cal(u) + "weekly.ics", WEEKLY).expect(201);
        Res fb = report(
                u,
                cal(u),
                "<c:free-busy-query xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><c:time-range"
                        + " start=\"20300101T000000Z\" end=\"20300112T000000Z\"/></c:free-busy-query>");
        fb.expect(200);
        assertThat(fb.header("Content-Type")).startsWith("text/calendar");
        assertThat(fb.body())
                .contains("BEGIN:VFREEBUSY", "20300101T090000Z", "20300109T120000Z")
                .doesNotContain("20300108T090000Z");
    }

    @Test
    void calendarsAreMadeConfiguredAndDeleted_andStayTheirOwners() {
        TestUser u = api.newUser("cal");
        TestUser other = api.newUser("cal");
        String work = home(u) + "work/";
        as(u, "MKCALENDAR", work)
                .body(
                        "application/xml",
                        "<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\""
                                + " xmlns:a=\"http://apple.com/ns/ical/\"><d:set><d:prop><d:displayname>Work &amp; more"
                                + "</d:displayname><a:calendar-color>#FF0000FF</a:calendar-color></d:prop></d:set>"
                                + "</c:mkcalendar>")
                .send()
                .expect(201);
        assertThat(as(u, "MKCALENDAR", work).send().status()).isEqualTo(405);
        as(u, "PROPPATCH", work)
                .body(
                        "application/xml",
                        "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:x=\"urn:x\"><d:set><d:prop>"
                                + "<d:displayname>Job</d:displayname><x:flag>on</x:flag></d:prop></d:set></d:propertyupdate>")
                .send()
                .expect(207);
        Res refused = as(u, "PROPPATCH", work)
                .body(
                        "application/xml",
                        "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:cs=\"http://calendarserver.org/ns/\">"
                                + "<d:set><d:prop><d:displayname>Never</d:displayname><cs:getctag>1</cs:getctag></d:prop>"
                                + "</d:set></d:propertyupdate>")
                .send()
                .expect(207);
        assertThat(refused.body()).contains("403", "424");
        DavXmlDoc.Response w = DavXmlDoc.parse(propfind(
                                u,
                                work,
                                "0",
                                "<d:displayname/><x:flag xmlns:x=\"urn:x\"/><a:calendar-color xmlns:a=\"http://apple.com/ns/ical/\"/>")
                        .expect(207)
                        .body())
                .only();
        assertThat(w.prop(DavXmlDoc.DAV, "displayname")).isEqualTo("Job");
        assertThat(w.prop("urn:x", "flag")).isEqualTo("on");
        assertThat(w.prop("http://apple.com/ns/ical/", "calendar-color")).isEqualTo("#FF0000FF");

        put(u, work + "e.ics", event("e", "20300107T100000Z", "20300107T110000Z", "mine"))
                .expect(201);
        assertThat(as(other, "GET", work + "e.ics").send().status()).isEqualTo(404);
        assertThat(propfind(other, work, "0", "<d:displayname/>").status()).isEqualTo(404);
        assertThat(put(other, work + "x.ics", event("x", "20300107T100000Z", "20300107T110000Z", "x"))
                        .status())
                .isEqualTo(404);
        assertThat(as(other, "DELETE", work).send().status()).isEqualTo(404);

        as(u, "DELETE", work).send().expect(204);
        assertThat(propfind(u, work, "0", "<d:displayname/>").status()).isEqualTo(404);
        assertThat(as(u, "GET", work + "e.ics").send().status()).isEqualTo(404);
    }
}
