package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.TestUser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Real calendar and contacts clients against /dav/: a python3-caldav session (discovery, a calendar made, events
 * with a recurring one overridden, time ranges, update, delete, ctag, etag and sync-token changes), and vdirsyncer
 * syncing a calendar and an address book both ways, with edits on both sides converging.
 */
@ExtendWith(SharedServer.class)
class PimClientsIT {
    final Api api = SharedServer.api();
    Path work;

    @BeforeEach
    void scratch() throws IOException {
        work = Files.createTempDirectory("pim-clients");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    record Run(int exit, String output) {}

    private Run run(Map<String, String> env, String stdin, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("%s finished", command[0]).isTrue();
        return new Run(p.exitValue(), out);
    }

    private String root() {
        return api.base.resolve("/dav/").toString();
    }

    @Test
    void python3Caldav_session() throws Exception {
        TestUser u = api.newUser("pycal");
        Path script = work.resolve("caldav_session.py");
        try (InputStream in = getClass().getResourceAsStream("/clients/caldav_session.py")) {
            Files.copy(in, script);
        }
        Run r = run(Map.of(), null, "/usr/bin/python3", script.toString(), root(), u.username(), u.password());
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("ok expanded January", "ok sync-collection reports just the update", "done");
    }

    static String event(String uid, String summary) {
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nubo vdirsyncer test//EN\r\nBEGIN:VEVENT\r\nUID:" + uid
                + "\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300301T100000Z\r\nDURATION:PT1H\r\nSUMMARY:" + summary
                + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    }

    static String card(String uid, String fn) {
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:" + uid + "\r\nFN:" + fn + "\r\nN:" + fn + ";;;;\r\nEND:VCARD\r\n";
    }

    @Test
    void vdirsyncer_twoWaySync_converges() throws Exception {
        TestUser u = api.newUser("vds");
        Path a = work.resolve("a");
        Path b = work.resolve("b");
        Files.createDirectories(a.resolve("cal/trip"));
        Files.createDirectories(a.resolve("card/friends"));
        Files.createDirectories(b.resolve("cal"));
        Files.createDirectories(b.resolve("card"));
        for (int i = 1; i <= 3; i++) {
            Files.writeString(a.resolve("cal/trip/ev" + i + ".ics"), event("ev" + i, "Event " + i));
            Files.writeString(a.resolve("card/friends/ct" + i + ".vcf"), card("ct" + i, "Contact " + i));
        }
        Files.writeString(work.resolve("config"), config(u, a, b));
        Map<String, String> env = Map.of("HOME", work.toString());
        String[] vds = {"vdirsyncer", "-c", work.resolve("config").toString()};

        Run discover = run(env, "y\ny\ny\ny\n", concat(vds, "discover", "cal_a", "card_a"));
        assertThat(discover.exit()).as(discover.output()).isZero();
        Run sync = run(env, null, concat(vds, "sync", "cal_a", "card_a"));
        assertThat(sync.exit()).as(sync.output()).isZero();
        String calUrl = "/dav/calendars/" + u.username() + "/trip/";
        String cardUrl = "/dav/addressbooks/" + u.username() + "/friends/";
        assertThat(serverUids(u, calUrl)).containsExactlyInAnyOrder("ev1", "ev2", "ev3");
        assertThat(serverUids(u, cardUrl)).containsExactlyInAnyOrder("ct1", "ct2", "ct3");

        // a local edit and delete, a server-side edit and add
        Files.writeString(a.resolve("cal/trip/ev1.ics"), event("ev1", "Event 1 edited locally"));
        Files.delete(a.resolve("card/friends/ct2.vcf"));
        String ev3 = hrefOf(u, calUrl, "ev3");
        api.method("PUT", ev3)
                .basic(u)
                .body("text/calendar", event("ev3", "Event 3 edited on the server"))
                .send()
                .expect(204);
        api.method("PUT", cardUrl + "ct4.vcf")
                .basic(u)
                .body("text/vcard", card("ct4", "Contact 4"))
                .send()
                .expect(201);
        sync = run(env, null, concat(vds, "sync", "cal_a", "card_a"));
        assertThat(sync.exit()).as(sync.output()).isZero();
        assertThat(serverUids(u, cardUrl)).containsExactlyInAnyOrder("ct1", "ct3", "ct4");
        assertThat(api.method("GET", hrefOf(u, calUrl, "ev1"))
                        .basic(u)
                        .send()
                        .expect(200)
                        .body())
                .contains("Event 1 edited locally");
        assertThat(localSummaries(a.resolve("cal/trip"))).contains("SUMMARY:Event 3 edited on the server");

        // a second replica converges on the same state
        discover = run(env, "y\ny\ny\ny\n", concat(vds, "discover", "cal_b", "card_b"));
        assertThat(discover.exit()).as(discover.output()).isZero();
        sync = run(env, null, concat(vds, "sync", "cal_b", "card_b"));
        assertThat(sync.exit()).as(sync.output()).isZero();
        assertThat(localSummaries(b.resolve("cal/trip"))).isEqualTo(localSummaries(a.resolve("cal/trip")));
        assertThat(localSummaries(b.resolve("card/friends"))).isEqualTo(localSummaries(a.resolve("card/friends")));

        Run again = run(env, null, concat(vds, "sync"));
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).doesNotContainIgnoringCase("copying").doesNotContainIgnoringCase("deleting");
    }

    private String config(TestUser u, Path a, Path b) {
        StringBuilder s = new StringBuilder("[general]\nstatus_path = \"" + work.resolve("status") + "/\"\n\n");
        for (String side : List.of("a", "b")) {
            Path dir = side.equals("a") ? a : b;
            String collections = side.equals("a") ? "[\"from a\"]" : "[\"trip\"]";
            String books = side.equals("a") ? "[\"from a\"]" : "[\"friends\"]";
            s.append("[pair cal_")
                    .append(side)
                    .append("]\na = \"cal_local_")
                    .append(side)
                    .append("\"\nb = \"cal_remote\"\ncollections = ")
                    .append(collections)
                    .append("\nconflict_resolution = \"a wins\"\n\n");
            s.append("[pair card_")
                    .append(side)
                    .append("]\na = \"card_local_")
                    .append(side)
                    .append("\"\nb = \"card_remote\"\ncollections = ")
                    .append(books)
                    .append("\nconflict_resolution = \"a wins\"\n\n");
            s.append("[storage cal_local_")
                    .append(side)
                    .append("]\ntype = \"filesystem\"\npath = \"")
                    .append(dir.resolve("cal"))
                    .append("/\"\nfileext = \".ics\"\n\n");
            s.append("[storage card_local_")
                    .append(side)
                    .append("]\ntype = \"filesystem\"\npath = \"")
                    .append(dir.resolve("card"))
                    .append("/\"\nfileext = \".vcf\"\n\n");
        }
        for (String kind : List.of("caldav", "carddav")) {
            s.append("[storage ")
                    .append(kind.equals("caldav") ? "cal" : "card")
                    .append("_remote]\ntype = \"")
                    .append(kind)
                    .append("\"\nurl = \"")
                    .append(root())
                    .append("\"\nusername = \"")
                    .append(u.username())
                    .append("\"\npassword = \"")
                    .append(u.password())
                    .append("\"\n\n");
        }
        return s.toString();
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = new String[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private List<String> serverUids(TestUser u, String collection) {
        String body = collection.contains("/calendars/")
                ? "<c:calendar-query xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop>"
                        + "<c:calendar-data/></d:prop><c:filter><c:comp-filter name=\"VCALENDAR\"/></c:filter>"
                        + "</c:calendar-query>"
                : "<cr:addressbook-query xmlns:d=\"DAV:\" xmlns:cr=\"urn:ietf:params:xml:ns:carddav\"><d:prop>"
                        + "<cr:address-data/></d:prop></cr:addressbook-query>";
        DavXmlDoc doc = DavXmlDoc.parse(api.method("REPORT", collection)
                .basic(u)
                .header("Depth", "1")
                .body("application/xml", body)
                .send()
                .expect(207)
                .body());
        return doc.responses().stream()
                .map(r -> r.props().values().stream()
                        .filter(v -> v.contains("UID:"))
                        .findFirst()
                        .orElse(""))
                .map(data -> data.lines()
                        .filter(l -> l.startsWith("UID:"))
                        .findFirst()
                        .orElse("")
                        .substring(4)
                        .strip())
                .toList();
    }

    private String hrefOf(TestUser u, String collection, String uid) {
        DavXmlDoc doc = DavXmlDoc.parse(api.method("REPORT", collection)
                .basic(u)
                .header("Depth", "1")
                .body(
                        "application/xml",
                        "<c:calendar-query xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
                                + "<d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name=\"VCALENDAR\"/></c:filter>"
                                + "</c:calendar-query>")
                .send()
                .expect(207)
                .body());
        return doc.responses().stream()
                .filter(r -> r.prop(DavXmlDoc.C, "calendar-data").contains("UID:" + uid + "\r")
                        || r.prop(DavXmlDoc.C, "calendar-data").contains("UID:" + uid + "\n"))
                .map(DavXmlDoc.Response::href)
                .findFirst()
                .orElseThrow();
    }

    private static List<String> localSummaries(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> {
                        try {
                            return Files.readString(p)
                                    .lines()
                                    .filter(l -> l.startsWith("SUMMARY:") || l.startsWith("FN:"))
                                    .findFirst()
                                    .orElse("")
                                    .strip();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .sorted()
                    .toList();
        }
    }
}
