package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The calendars and contacts REST API the web app uses (/api/calendars, /api/addressbooks): what it writes is what
 * CalDAV and CardDAV clients read and the other way round, edits keep what a client wrote and refuse stale etags,
 * recurrences come expanded, imports and exports round-trip, bad input changes nothing, and another user's
 * calendars, books and objects do not exist for the caller.
 */
@ExtendWith(SharedServer.class)
class PimRestIT {
    static final String WINDOW = "?start=2030-03-01T00:00:00Z&end=2030-05-01T00:00:00Z";

    final Api api = SharedServer.api();
    TestUser user;

    @BeforeEach
    void user() {
        user = api.newUser("pim");
    }

    Api.Req as(TestUser u, String method, String path) {
        return api.method(method, path).basic(u);
    }

    Res json(TestUser u, String method, String path, String body) {
        return as(u, method, path).json(body).send();
    }

    String weekly() {
        return MiniJson.obj(
                "summary", "Stand-up",
                "start", "2030-03-21T09:00",
                "end", "2030-03-21T09:15",
                "timezone", "Europe/Paris",
                "rrule", "FREQ=WEEKLY;COUNT=3",
                "location", "Room 1");
    }

    @Test
    void events_writtenHere_areWhatCalDavReads_andEditsKeepWhatAClientWrote() {
        Res cal = json(
                        user,
                        "POST",
                        "/api/calendars",
                        MiniJson.obj("name", "Travail été", "color", "#FF8800", "timezone", "Europe/Paris"))
                .expect(201);
        assertThat(cal.str("id")).isEqualTo("travail-ete");
        assertThat(cal.str("timezone")).isEqualTo("Europe/Paris");
        assertThat(cal.at("components")).isEqualTo(List.of("VEVENT", "VTODO"));
        String base = "/api/calendars/travail-ete";

        Res created = json(user, "POST", base + "/events", weekly()).expect(201);
        long id = created.num("id");
        String uid = created.str("uid");
        String etag = created.str("etag");
        assertThat(created.header("ETag")).isEqualTo(etag);
        assertThat(created.str("timezone")).isEqualTo("Europe/Paris");

        Res window = as(user, "GET", base + "/events" + WINDOW).send().expect(200);
        assertThat(window.at("events.0.start")).isEqualTo("2030-03-21T08:00:00Z");
        assertThat(window.at("events.1.start")).isEqualTo("2030-03-28T08:00:00Z");
        assertThat(window.at("events.2.start")).isEqualTo("2030-04-04T07:00:00Z");
        assertThat(window.at("events.3")).isNull();
        assertThat(window.at("events.2.recurring")).isEqualTo(true);
        assertThat(window.num("events.2.id")).isEqualTo(id);

        String davPath = "/dav/calendars/" + user.username() + "/travail-ete/" + uid + ".ics";
        Res dav = as(user, "GET", davPath).send().expect(200);
        assertThat(dav.header("ETag")).isEqualTo(etag);
        assertThat(dav.body()).contains("SUMMARY:Stand-up", "DTSTART;TZID=Europe/Paris:20300321T090000");

        // a CalDAV client adds an alarm; the web app's stale etag is refused, a fresh one keeps the alarm
        String withAlarm = dav.body()
                .replace(
                        "END:VEVENT",
                        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT10M\r\nDESCRIPTION:x\r\n"
                                + "END:VALARM\r\nEND:VEVENT");
        String clientEtag = as(user, "PUT", davPath)
                .header("If-Match", etag)
                .body("text/calendar; charset=utf-8", withAlarm)
                .send()
                .expect(204)
                .header("ETag");
        String renamed = weekly().replace("Stand-up", "Daily sync");
        as(user, "PUT", base + "/events/" + id)
                .header("If-Match", etag)
                .json(renamed)
                .send()
                .expectError(412, "precondition_failed");
        Res updated = as(user, "PUT", base + "/events/" + id)
                .header("If-Match", clientEtag)
                .json(renamed)
                .send()
                .expect(200);
        assertThat(updated.str("summary")).isEqualTo("Daily sync");
        assertThat(updated.str("etag")).isNotEqualTo(clientEtag);
        assertThat(as(user, "GET", davPath).send().expect(200).body())
                .contains("SUMMARY:Daily sync", "TRIGGER:-PT10M", "SEQUENCE:1");

        as(user, "DELETE", base + "/events/" + id)
                .header("If-Match", clientEtag)
                .send()
                .expectError(412, "precondition_failed");
        as(user, "DELETE", base + "/events/" + id)
                .header("If-Match", updated.str("etag"))
                .send()
                .expect(204);
        as(user, "GET", base + "/events/" + id).send().expectError(404, "not_found");
        as(user, "GET", davPath).send().expect(404);
    }

    @Test
    void calendars_areMadeChangedAndDeleted_andTheCtagFollowsTheirEvents() {
        Res personal = as(user, "GET", "/api/calendars").send().expect(200);
        assertThat(personal.str("0.id")).isEqualTo("personal");
        String ctag = personal.str("0.ctag");
        json(
                        user,
                        "POST",
                        "/api/calendars/personal/events",
                        MiniJson.obj("summary", "Holiday", "start", "2030-08-01", "allDay", true))
                .expect(201);
        assertThat(as(user, "GET", "/api/calendars/personal").send().expect(200).str("ctag"))
                .isNotEqualTo(ctag);

        json(
                        user,
                        "POST",
                        "/api/calendars",
                        MiniJson.obj("id", "tasks", "name", "Tasks", "components", List.of("VTODO")))
                .expect(201);
        json(user, "POST", "/api/calendars", MiniJson.obj("id", "tasks")).expectError(409, "exists");
        // a calendar of tasks takes no events, and the refusal names why
        Res refused = json(
                        user,
                        "POST",
                        "/api/calendars/tasks/events",
                        MiniJson.obj("summary", "x", "start", "2030-01-01T00:00:00Z"))
                .expectError(400, "invalid_calendar_data");
        assertThat(refused.str("message")).contains("VEVENT");

        Res patched = json(
                        user,
                        "PATCH",
                        "/api/calendars/tasks",
                        MiniJson.obj("name", "To do", "color", "#00FF00", "order", 3))
                .expect(200);
        assertThat(patched.str("name")).isEqualTo("To do");
        assertThat(patched.num("order")).isEqualTo(3L);
        Res cleared = json(user, "PATCH", "/api/calendars/tasks", MiniJson.obj("color", ""))
                .expect(200);
        assertThat(cleared.has("color")).isFalse();
        assertThat(cleared.str("name")).isEqualTo("To do");
        Res davProps = as(user, "PROPFIND", "/dav/calendars/" + user.username() + "/tasks/")
                .header("Depth", "0")
                .body("application/xml", "<propfind xmlns=\"DAV:\"><prop><displayname/></prop></propfind>")
                .send()
                .expect(207);
        assertThat(davProps.body()).contains("To do");

        as(user, "DELETE", "/api/calendars/tasks").send().expect(204);
        as(user, "GET", "/api/calendars/tasks").send().expectError(404, "not_found");
        as(user, "PROPFIND", "/dav/calendars/" + user.username() + "/tasks/")
                .header("Depth", "0")
                .send()
                .expect(404);
    }

    @Test
    void badInput_isRefusedWithAMessage_andStoresNothing() {
        String base = "/api/calendars/personal";
        String events = base + "/events?start=2030-01-01T00:00:00Z&end=2031-01-01T00:00:00Z";
        for (String body : List.of(
                MiniJson.obj("summary", "x", "start", "2030-06-01T10:00:00Z", "end", "2030-06-01T09:00:00Z"),
                MiniJson.obj("summary", "x", "start", "2030-06-01T10:00"),
                MiniJson.obj("summary", "x", "start", "2030-06-01T10:00:00Z", "timezone", "Mars/Olympus"),
                MiniJson.obj("summary", "x", "start", "2030-06-01T10:00:00Z", "rrule", "FREQ=SOMETIMES"),
                MiniJson.obj("summary", "", "start", "2030-06-01T10:00:00Z"),
                MiniJson.obj("summary", "x".repeat(1001), "start", "2030-06-01T10:00:00Z"),
                MiniJson.obj("summary", "x", "start", "2030-06-01", "end", "2030-05-01", "allDay", true))) {
            json(user, "POST", base + "/events", body).expectError(400, "invalid_request");
        }
        as(user, "POST", base + "/events").json("{\"summary\":").send().expectError(400, "malformed_json");
        assertThat(as(user, "GET", events).send().expect(200).at("events")).isEqualTo(List.of());

        as(user, "GET", base + "/events").send().expectError(400, "invalid_request");
        as(user, "GET", base + "/events?start=2030-02-01T00:00:00Z&end=2030-01-01T00:00:00Z")
                .send()
                .expectError(400, "invalid_request");
        as(user, "GET", base + "/events?start=2030-01-01T00:00:00Z&end=2031-03-01T00:00:00Z")
                .send()
                .expectError(400, "invalid_request");
        as(user, "GET", base + "/events?start=yesterday&end=2031-03-01T00:00:00Z")
                .send()
                .expectError(400, "invalid_request");

        for (String body : List.of(
                MiniJson.obj("id", "../x"),
                MiniJson.obj("color", "red"),
                MiniJson.obj("components", List.of("VCARD")),
                MiniJson.obj("timezone", "Nowhere/City"))) {
            json(user, "POST", "/api/calendars", body).expectError(400, "invalid_request");
        }
        assertThat((List<?>)
                        as(user, "GET", "/api/calendars").send().expect(200).json())
                .hasSize(1);

        String book = "/api/addressbooks/contacts/contacts";
        for (String body : List.of(
                MiniJson.obj("note", "no name"),
                MiniJson.obj("fullName", "x", "kind", "robot"),
                MiniJson.obj("fullName", "x", "birthday", "spring"),
                MiniJson.obj("fullName", "x", "members", List.of("a")),
                MiniJson.obj("fullName", "x", "emails", List.of(MiniJson.parse("{\"value\":\" \"}"))))) {
            json(user, "POST", book, body).expectError(400, "invalid_request");
        }
        as(user, "GET", book + "?after=%40%40").send().expectError(400, "invalid_request");
        as(user, "GET", book + "?limit=0").send().expectError(400, "invalid_request");
        assertThat(as(user, "GET", book).send().expect(200).at("contacts")).isEqualTo(List.of());
    }

    @Test
    void contactsAndGroups_areListedSearchedAndPaged_andCardDavSeesThem() {
        String book = "/api/addressbooks/contacts";
        Res zoe = json(
                        user,
                        "POST",
                        book + "/contacts",
                        MiniJson.obj(
                                "givenName",
                                "Zoë",
                                "familyName",
                                "Ångström",
                                "emails",
                                List.of(Map.of("type", "work", "value", "zoe@acme.example")),
                                "phones",
                                List.of(Map.of("type", "cell", "value", "+33 6 12 34 56 78")),
                                "categories",
                                List.of("Climbing", "Friends"),
                                "birthday",
                                "1990-04-01"))
                .expect(201);
        assertThat(zoe.str("fullName")).isEqualTo("Zoë Ångström");
        assertThat(zoe.str("version")).isEqualTo("4.0");
        Res bob = json(
                        user,
                        "POST",
                        book + "/contacts",
                        MiniJson.obj("fullName", "Bob Builder", "categories", List.of("Friends")))
                .expect(201);
        Res group = json(
                        user,
                        "POST",
                        book + "/contacts",
                        MiniJson.obj(
                                "kind",
                                "group",
                                "fullName",
                                "Crew",
                                "members",
                                List.of(zoe.str("uid"), bob.str("uid"))))
                .expect(201);
        assertThat(group.at("members")).isEqualTo(List.of(zoe.str("uid"), bob.str("uid")));

        Res all = as(user, "GET", book + "/contacts").send().expect(200);
        assertThat(names(all)).containsExactly("Bob Builder", "Crew", "Zoë Ångström");
        assertThat(names(as(user, "GET", book + "/contacts?q=ACME").send().expect(200)))
                .containsExactly("Zoë Ångström");
        assertThat(names(as(user, "GET", book + "/contacts?q=zoË").send().expect(200)))
                .containsExactly("Zoë Ångström");
        assertThat(names(as(user, "GET", book + "/contacts?q=100%25").send().expect(200)))
                .isEmpty();
        assertThat(names(as(user, "GET", book + "/contacts?kind=group").send().expect(200)))
                .containsExactly("Crew");
        assertThat(names(as(user, "GET", book + "/contacts?kind=individual&category=Friends")
                        .send()
                        .expect(200)))
                .containsExactly("Bob Builder", "Zoë Ångström");
        Res categories = as(user, "GET", book + "/categories").send().expect(200);
        assertThat(categories.json())
                .isEqualTo(MiniJson.parse("[{\"name\":\"Climbing\",\"count\":1},{\"name\":\"Friends\",\"count\":2}]"));

        Res first = as(user, "GET", book + "/contacts?limit=2").send().expect(200);
        assertThat(names(first)).containsExactly("Bob Builder", "Crew");
        Res second = as(user, "GET", book + "/contacts?limit=2&after=" + first.str("next"))
                .send()
                .expect(200);
        assertThat(names(second)).containsExactly("Zoë Ångström");
        assertThat(second.has("next")).isFalse();

        String davPath = "/dav/addressbooks/" + user.username() + "/contacts/" + zoe.str("uid") + ".vcf";
        Res dav = as(user, "GET", davPath).send().expect(200);
        assertThat(dav.header("ETag")).isEqualTo(zoe.str("etag"));
        assertThat(dav.body()).contains("VERSION:4.0", "FN:Zoë Ångström", "BDAY:19900401");
        // a CardDAV client adds an address; the web app's edit keeps it
        String withAddress = dav.body().replace("END:VCARD", "ADR;TYPE=home:;;1 Rue X;Paris;;75001;FR\r\nEND:VCARD");
        String clientEtag = as(user, "PUT", davPath)
                .header("If-Match", zoe.str("etag"))
                .body("text/vcard; charset=utf-8", withAddress)
                .send()
                .expect(204)
                .header("ETag");
        String edit = MiniJson.obj("fullName", "Zoë A.", "emails", List.of(Map.of("value", "z@new.example")));
        as(user, "PUT", book + "/contacts/" + zoe.num("id"))
                .header("If-Match", zoe.str("etag"))
                .json(edit)
                .send()
                .expectError(412, "precondition_failed");
        Res edited = as(user, "PUT", book + "/contacts/" + zoe.num("id"))
                .header("If-Match", clientEtag)
                .json(edit)
                .send()
                .expect(200);
        assertThat(edited.str("fullName")).isEqualTo("Zoë A.");
        assertThat(edited.at("categories")).isEqualTo(List.of());
        assertThat(as(user, "GET", davPath).send().expect(200).body()).contains("1 Rue X", "z@new.example");

        as(user, "DELETE", book + "/contacts/" + bob.num("id")).send().expect(204);
        as(user, "GET", book + "/contacts/" + bob.num("id")).send().expectError(404, "not_found");
        assertThat(names(as(user, "GET", book + "/contacts").send().expect(200)))
                .containsExactly("Crew", "Zoë A.");
    }

    @Test
    void icsAndVcfFiles_importAndExport_andReimportingReplaces() {
        String ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mail//EN\r\nMETHOD:PUBLISH\r\n"
                + "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\n"
                + "TZOFFSETTO:+0100\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\n"
                + "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
                + "DTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\n"
                + "END:VTIMEZONE\r\n"
                + "BEGIN:VEVENT\r\nUID:imp-1\r\nDTSTAMP:20300101T000000Z\r\n"
                + "DTSTART;TZID=Europe/Berlin:20300704T120000\r\nDTEND;TZID=Europe/Berlin:20300704T130000\r\n"
                + "SUMMARY:Lunch\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300705T090000Z\r\nSUMMARY:No uid\r\n"
                + "END:VEVENT\r\n"
                + "BEGIN:VJOURNAL\r\nUID:imp-3\r\nDTSTAMP:20300101T000000Z\r\nSUMMARY:Journal\r\nEND:VJOURNAL\r\n"
                + "END:VCALENDAR\r\n";
        String base = "/api/calendars/personal";
        Res report = as(user, "POST", base + "/import")
                .body("text/calendar", ics)
                .send()
                .expect(200);
        assertThat(report.num("created")).isEqualTo(2L);
        assertThat(report.num("updated")).isZero();
        assertThat(report.str("failed.0.uid")).isEqualTo("imp-3");
        assertThat(report.str("failed.0.error")).isEqualTo("invalid_calendar_data");
        Res window = as(user, "GET", base + "/events?start=2030-07-01T00:00:00Z&end=2030-08-01T00:00:00Z")
                .send()
                .expect(200);
        assertThat(window.at("events.0.start")).isEqualTo("2030-07-04T10:00:00Z");
        assertThat(window.at("events.1.summary")).isEqualTo("No uid");

        Res again = as(user, "POST", base + "/import")
                .body("text/calendar", ics.replace("Lunch", "Long lunch"))
                .send()
                .expect(200);
        assertThat(again.num("updated")).isEqualTo(1L);
        assertThat(again.num("created")).isEqualTo(1L); // the UID-less event gets a new UID each time

        Res export = as(user, "GET", base + "/export").send().expect(200);
        assertThat(export.header("Content-Type")).startsWith("text/calendar");
        assertThat(export.header("Content-Disposition")).contains("personal.ics");
        assertThat(export.body()).contains("SUMMARY:Long lunch").doesNotContain("METHOD");
        assertThat(export.body().split("BEGIN:VTIMEZONE", -1)).hasSize(2);
        assertThat(export.body().split("BEGIN:VEVENT", -1)).hasSize(4);

        byte[] huge = new byte[(16 << 20) + 1];
        Arrays.fill(huge, (byte) 'x');
        as(user, "POST", base + "/import").bytes("text/calendar", huge).send().expectError(413, "too_large");
        as(user, "POST", base + "/import")
                .body("text/calendar", "not a calendar")
                .send()
                .expectError(400, "invalid_calendar_data");

        String vcf = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\nFN:Ann\r\nEMAIL:ann@example.org\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\nVERSION:4.0\nFN:Google export\nEND:VCARD\n";
        String book = "/api/addressbooks/contacts";
        Res cards = as(user, "POST", book + "/import")
                .body("text/vcard", vcf)
                .send()
                .expect(200);
        assertThat(cards.num("created")).isEqualTo(2L);
        String listing = as(user, "PROPFIND", "/dav/addressbooks/" + user.username() + "/contacts/")
                .header("Depth", "1")
                .send()
                .expect(207)
                .body();
        assertThat(listing.split("\\.vcf<", -1)).hasSize(3);
        Res exported = as(user, "GET", book + "/export").send().expect(200);
        assertThat(exported.body())
                .contains("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\nFN:Ann\r\nEMAIL:ann@example.org\r\nEND:VCARD")
                .contains("FN:Google export");
        Res replaced = as(user, "POST", book + "/import")
                .body("text/vcard", vcf.substring(0, vcf.indexOf("BEGIN", 5)))
                .send()
                .expect(200);
        assertThat(replaced.num("updated")).isEqualTo(1L);
        as(user, "POST", book + "/import")
                .body("text/vcard", "hello\r\n" + vcf)
                .send()
                .expectError(400, "invalid_address_data");
        assertThat(names(as(user, "GET", book + "/contacts").send().expect(200)))
                .containsExactly("Ann", "Google export");
    }

    @Test
    void anotherUsersCalendarsBooksAndObjects_doNotExist_andNothingIsAnonymous() {
        TestUser intruder = api.newUser("pim-intruder");
        json(user, "POST", "/api/calendars", MiniJson.obj("id", "secret")).expect(201);
        long event = json(
                        user,
                        "POST",
                        "/api/calendars/personal/events",
                        MiniJson.obj("summary", "Private", "start", "2030-01-01T10:00:00Z"))
                .expect(201)
                .num("id");
        long card = json(user, "POST", "/api/addressbooks/contacts/contacts", MiniJson.obj("fullName", "Private"))
                .expect(201)
                .num("id");
        String ownerCalendars =
                as(user, "GET", "/api/calendars").send().expect(200).body();

        for (String path : List.of(
                "/api/calendars/secret",
                "/api/calendars/secret/events" + WINDOW,
                "/api/calendars/personal/events/" + event,
                "/api/calendars/secret/export",
                "/api/addressbooks/contacts/contacts/" + card)) {
            as(intruder, "GET", path).send().expectError(404, "not_found");
        }
        json(intruder, "PUT", "/api/calendars/personal/events/" + event, weekly())
                .expectError(404, "not_found");
        as(intruder, "DELETE", "/api/calendars/personal/events/" + event).send().expectError(404, "not_found");
        as(intruder, "DELETE", "/api/calendars/secret").send().expectError(404, "not_found");
        json(intruder, "PUT", "/api/addressbooks/contacts/contacts/" + card, MiniJson.obj("fullName", "Mine"))
                .expectError(404, "not_found");
        as(intruder, "DELETE", "/api/addressbooks/contacts/contacts/" + card)
                .send()
                .expectError(404, "not_found");
        as(intruder, "POST", "/api/calendars/secret/import")
                .body("text/calendar", "x")
                .send()
                .expectError(404, "not_found");
        assertThat(as(user, "GET", "/api/calendars").send().expect(200).body()).isEqualTo(ownerCalendars);
        assertThat(as(user, "GET", "/api/addressbooks/contacts/contacts/" + card)
                        .send()
                        .expect(200)
                        .str("fullName"))
                .isEqualTo("Private");

        for (String path : List.of("/api/calendars", "/api/addressbooks", "/api/calendars/personal/export")) {
            assertThat(api.get(path).send().status()).as(path).isEqualTo(401);
        }
    }

    static List<Object> names(Res page) {
        return ((List<?>) page.at("contacts"))
                .stream()
                        .map(c -> MiniJson.at(c, "fullName"))
                        .map(Object.class::cast)
                        .toList();
    }
}
