package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CardDAV (RFC 6352) over /dav/addressbooks/{user}/: the default address book, vCard 3.0 and 4.0 stored as sent,
 * bad cards refused with nothing stored, addressbook-query, multiget, sync-collection, groups, and address books
 * made by extended MKCOL (RFC 5689).
 */
@ExtendWith(SharedServer.class)
class Rfc6352CardDavIT {
    static final String CARD3 = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            UID:%s\r
            FN:%s\r
            N:%s;;;;\r
            EMAIL;TYPE=INTERNET:%s\r
            CATEGORIES:Friends,Climbing\r
            END:VCARD\r
            """;
    static final String GROUP4 = """
            BEGIN:VCARD\r
            VERSION:4.0\r
            UID:group-1\r
            KIND:group\r
            FN:Climbers\r
            MEMBER:urn:uuid:ann\r
            END:VCARD\r
            """;

    final Api api = SharedServer.api();

    static String book(TestUser u) {
        return "/dav/addressbooks/" + u.username() + "/contacts/";
    }

    Api.Req as(TestUser u, String method, String path) {
        return api.method(method, path).basic(u);
    }

    Res put(TestUser u, String path, String vcf) {
        return as(u, "PUT", path).body("text/vcard; charset=utf-8", vcf).send();
    }

    Res report(TestUser u, String body) {
        return as(u, "REPORT", book(u))
                .header("Depth", "1")
                .body("application/xml", body)
                .send();
    }

    static String card(String uid, String fn, String email) {
        return CARD3.formatted(uid, fn, fn, email);
    }

    List<String> hrefs(Res r) {
        return DavXmlDoc.parse(r.expect(207).body()).responses().stream()
                .map(DavXmlDoc.Response::href)
                .toList();
    }

    static String query(String filter) {
        return "<cr:addressbook-query xmlns:d=\"DAV:\" xmlns:cr=\"urn:ietf:params:xml:ns:carddav\"><d:prop>"
                + "<d:getetag/><cr:address-data/></d:prop><cr:filter>" + filter + "</cr:filter></cr:addressbook-query>";
    }

    @Test
    void cards_areStoredAsSent_andQueriedByText() {
        TestUser u = api.newUser("card");
        Res home = as(u, "PROPFIND", "/dav/addressbooks/" + u.username() + "/")
                .header("Depth", "1")
                .body("application/xml", "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:resourcetype/></d:prop></d:propfind>")
                .send();
        assertThat(hrefs(home)).contains(book(u));

        String ann = card("ann", "Ann \u00c5ngstr\u00f6m", "ann@example.org");
        put(u, book(u) + "ann.vcf", ann).expect(201);
        put(u, book(u) + "bob.vcf", card("bob", "Bob Builder", "bob@example.net"))
                .expect(201);
        put(u, book(u) + "group.vcf", GROUP4).expect(201);
        assertThat(as(u, "GET", book(u) + "ann.vcf").send().expect(200).body()).isEqualTo(ann);

        assertThat(hrefs(report(
                        u,
                        query("<cr:prop-filter name=\"FN\"><cr:text-match match-type=\"contains\">"
                                + "\u00e5ngstr</cr:text-match></cr:prop-filter>"))))
                .containsExactly(book(u) + "ann.vcf");
        assertThat(hrefs(report(
                        u,
                        query("<cr:prop-filter name=\"EMAIL\"><cr:text-match match-type=\"ends-with\">"
                                + "example.net</cr:text-match></cr:prop-filter>"))))
                .containsExactly(book(u) + "bob.vcf");
        assertThat(hrefs(report(
                        u,
                        query("<cr:prop-filter name=\"KIND\"><cr:text-match match-type=\"equals\">"
                                + "group</cr:text-match></cr:prop-filter>"))))
                .containsExactly(book(u) + "group.vcf");
        assertThat(hrefs(report(u, query(""))))
                .containsExactlyInAnyOrder(book(u) + "ann.vcf", book(u) + "bob.vcf", book(u) + "group.vcf");

        DavXmlDoc multi = DavXmlDoc.parse(report(
                        u,
                        "<cr:addressbook-multiget xmlns:d=\"DAV:\""
                                + " xmlns:cr=\"urn:ietf:params:xml:ns:carddav\"><d:prop><d:getetag/><cr:address-data/>"
                                + "</d:prop><d:href>" + book(u) + "bob.vcf</d:href><d:href>" + book(u)
                                + "gone.vcf</d:href>"
                                + "</cr:addressbook-multiget>")
                .expect(207)
                .body());
        assertThat(multi.responses()).hasSize(2);
        assertThat(multi.responses().get(0).prop(DavXmlDoc.CR, "address-data")).contains("FN:Bob Builder");
    }

    @Test
    void badCards_areRefusedWithTheirPrecondition_andNothingIsStored() {
        TestUser u = api.newUser("card");
        String noUid = card("x", "No Uid", "x@example.org").replace("UID:x\r\n", "");
        String v21 = card("old", "Old", "old@example.org").replace("VERSION:3.0", "VERSION:2.1");
        record Bad(String name, String body, String condition) {}
        for (Bad bad : List.of(
                new Bad("garbage.vcf", "BEGIN:VCARD\r\nthis is not\r\n", "valid-address-data"),
                new Bad("nouid.vcf", noUid, "valid-address-data"),
                new Bad("v21.vcf", v21, "supported-address-data"))) {
            Res r = put(u, book(u) + bad.name(), bad.body());
            assertThat(r.status()).as("%s: %s", bad.name(), r.body()).isIn(403, 415);
            assertThat(DavXmlDoc.parse(r.body()).has(DavXmlDoc.CR, bad.condition()))
                    .as("%s names %s: %s", bad.name(), bad.condition(), r.body())
                    .isTrue();
            as(u, "GET", book(u) + bad.name()).send().expect(404);
        }
        put(u, book(u) + "a.vcf", card("dup", "A", "a@example.org")).expect(201);
        Res dup = put(u, book(u) + "b.vcf", card("dup", "B", "b@example.org"));
        assertThat(dup.status()).isEqualTo(403);
        assertThat(DavXmlDoc.parse(dup.body()).has(DavXmlDoc.CR, "no-uid-conflict"))
                .isTrue();
    }

    @Test
    void syncCollection_andExtendedMkcol() {
        TestUser u = api.newUser("card");
        String team = "/dav/addressbooks/" + u.username() + "/team/";
        as(u, "MKCOL", team)
                .body(
                        "application/xml",
                        "<d:mkcol xmlns:d=\"DAV:\" xmlns:cr=\"urn:ietf:params:xml:ns:carddav\">"
                                + "<d:set><d:prop><d:resourcetype><d:collection/><cr:addressbook/></d:resourcetype>"
                                + "<d:displayname>Team</d:displayname></d:prop></d:set></d:mkcol>")
                .send()
                .expect(201);
        put(u, team + "a.vcf", card("a", "A", "a@example.org")).expect(201);
        String body = Rfc4791CalDavIT.sync("");
        Res initial = as(u, "REPORT", team).body("application/xml", body).send().expect(207);
        String token = DavXmlDoc.parse(initial.body()).first(DavXmlDoc.DAV, "sync-token");
        as(u, "DELETE", team + "a.vcf").send().expect(204);
        put(u, team + "b.vcf", card("b", "B", "b@example.org")).expect(201);
        DavXmlDoc delta = DavXmlDoc.parse(as(u, "REPORT", team)
                .body("application/xml", Rfc4791CalDavIT.sync(token))
                .send()
                .expect(207)
                .body());
        assertThat(delta.responses())
                .extracting(DavXmlDoc.Response::href)
                .containsExactlyInAnyOrder(team + "a.vcf", team + "b.vcf");
        as(u, "DELETE", team).send().expect(204);
        assertThat(as(u, "GET", team + "b.vcf").send().status()).isEqualTo(404);
    }
}
