package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * WebDAV at /dav/files/{user}/ over the files core, as clients see it: PROPFIND depths and paging, hrefs that
 * survive awkward names, PUT/MKCOL/DELETE status codes and preconditions, the trash behind DELETE, XML that is
 * refused, and the litmus suites that pass so far run as they are.
 */
@ExtendWith(SharedServer.class)
class WebDavIT {
    static final String PROPFIND_ALL = "<?xml version=\"1.0\"?><propfind xmlns=\"DAV:\"><allprop/></propfind>";
    final Api api = SharedServer.api();

    private static String dav(TestUser u) {
        return "/dav/files/" + u.username() + "/";
    }

    private Api.Req as(TestUser u, String method, String path) {
        return api.method(method, path).basic(u);
    }

    private static List<String> hrefs(String multistatus) {
        List<String> hrefs = new ArrayList<>();
        Matcher m = Pattern.compile("<d:href>([^<]*)</d:href>").matcher(multistatus);
        while (m.find()) {
            hrefs.add(m.group(1));
        }
        return hrefs;
    }

    @Test
    void propfind_depths_andAnInfiniteOneRefused() {
        TestUser u = api.newUser("dav");
        as(u, "MKCOL", dav(u) + "a").send().expect(201);
        as(u, "PUT", dav(u) + "a/x.txt")
                .bytes("text/plain", "hello".getBytes())
                .send()
                .expect(201);

        Res zero = as(u, "PROPFIND", dav(u) + "a/").header("Depth", "0").send().expect(207);
        assertThat(hrefs(zero.body())).containsExactly(dav(u) + "a/");
        assertThat(zero.body()).contains("<d:collection/>");

        Res one = as(u, "PROPFIND", dav(u) + "a")
                .header("Depth", "1")
                .body("application/xml", PROPFIND_ALL)
                .send()
                .expect(207);
        assertThat(hrefs(one.body())).containsExactly(dav(u) + "a/", dav(u) + "a/x.txt");
        assertThat(one.body())
                .contains("<d:getcontentlength>5</d:getcontentlength>")
                .contains("<d:getcontenttype>text/plain</d:getcontenttype>")
                .doesNotContain("404 Not Found");
        assertThat(one.body())
                .containsPattern("<d:getlastmodified>\\w{3}, \\d{2} \\w{3} \\d{4} \\d\\d:\\d\\d:\\d\\d GMT<");

        Res named = as(u, "PROPFIND", dav(u) + "a/x.txt")
                .header("Depth", "0")
                .body(
                        "application/xml",
                        "<D:propfind xmlns:D=\"DAV:\" xmlns:z=\"urn:z\"><D:prop><D:getetag/><z:nope/>"
                                + "<D:quota-used-bytes/></D:prop></D:propfind>")
                .send()
                .expect(207);
        String etag = as(u, "HEAD", dav(u) + "a/x.txt")
                .send()
                .expect(200)
                .headers()
                .firstValue("ETag")
                .orElseThrow();
        assertThat(named.body()).contains("<d:getetag>" + etag + "</d:getetag>").contains("404 Not Found");
        assertThat(named.body()).containsPattern("nope[^>]*xmlns:x=\"urn:z\"|xmlns:x=\"urn:z\"[^>]*nope");

        Res infinite = as(u, "PROPFIND", dav(u)).header("Depth", "infinity").send();
        assertThat(infinite.status()).isEqualTo(403);
        assertThat(infinite.body()).contains("propfind-finite-depth");
        assertThat(as(u, "PROPFIND", dav(u) + "nothing")
                        .header("Depth", "0")
                        .send()
                        .status())
                .isEqualTo(404);
    }

    @Test
    void depthOne_pagesThroughMoreThanOnePage_eachChildOnce() {
        TestUser u = api.newUser("davpage");
        FilesClient f = new FilesClient(api, u);
        long folder = f.mkdir(f.rootId(), "many");
        for (int i = 0; i < 1_250; i++) {
            f.uploadOk(folder, String.format("f%04d.txt", i), new byte[] {(byte) i});
        }
        Res one =
                as(u, "PROPFIND", dav(u) + "many/").header("Depth", "1").send().expect(207);
        List<String> hrefs = hrefs(one.body());
        assertThat(hrefs).hasSize(1_251);
        assertThat(new HashSet<>(hrefs)).hasSize(1_251);
        assertThat(hrefs).contains(dav(u) + "many/f0000.txt", dav(u) + "many/f1249.txt");
    }

    @Test
    void awkwardNames_roundTripThroughHrefs() {
        TestUser u = api.newUser("davnames");
        List<String> names = List.of(
                "a b.txt",
                "hash#.txt",
                "per%cent.txt",
                "q?.txt",
                "amp&.txt",
                "plus+.txt",
                "quote\".txt",
                "apos'.txt",
                "été ünï 文件.txt");
        for (String name : names) {
            as(u, "PUT", dav(u) + FilesClient.encode(name))
                    .bytes("text/plain", name.getBytes(StandardCharsets.UTF_8))
                    .send()
                    .expect(201);
        }
        Res listing = as(u, "PROPFIND", dav(u)).header("Depth", "1").send().expect(207);
        Set<String> found = new HashSet<>();
        for (String href : hrefs(listing.body())) {
            if (href.equals(dav(u)) || href.equals(dav(u) + "Shared%20with%20me/")) {
                continue; // the root itself, and the collection of what others share (SharingDavIT)
            }
            assertThat(href).doesNotContain(" ", "#", "?", "&", "\"", "'").startsWith(dav(u));
            byte[] body = as(u, "GET", href).sendForBytes().expect(200).body();
            found.add(new String(body, StandardCharsets.UTF_8));
        }
        assertThat(found).containsExactlyInAnyOrderElementsOf(names);
    }

    @Test
    void put_createOverwriteConditionsAndMissingParent() {
        TestUser u = api.newUser("davput");
        Res created = as(u, "PUT", dav(u) + "f.bin")
                .bytes("application/octet-stream", new byte[10])
                .send();
        assertThat(created.status()).isEqualTo(201);
        String etag1 = created.headers().firstValue("ETag").orElseThrow();
        assertThat(as(u, "PUT", dav(u) + "f.bin")
                        .header("If-None-Match", "*")
                        .bytes("application/octet-stream", new byte[1])
                        .send()
                        .status())
                .isEqualTo(412);
        assertThat(as(u, "PUT", dav(u) + "f.bin")
                        .header("If-Match", "\"stale\"")
                        .bytes("application/octet-stream", new byte[1])
                        .send()
                        .status())
                .isEqualTo(412);
        Res replaced = as(u, "PUT", dav(u) + "f.bin")
                .header("If-Match", etag1)
                .bytes("application/octet-stream", new byte[20])
                .send();
        assertThat(replaced.status()).isEqualTo(204);
        assertThat(replaced.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(etag1);
        assertThat(as(u, "GET", dav(u) + "f.bin").sendForBytes().expect(200).body())
                .hasSize(20);
        assertThat(as(u, "PUT", dav(u) + "no/such/f.bin")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(as(u, "PUT", dav(u) + "new.bin")
                        .header("If-Match", "*")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(412);

        assertThat(as(u, "GET", "/api/recent").send().expect(200).list("").stream()
                        .map(e -> MiniJson.at(e, "action")))
                .as("a sync client's reads are not the user opening files")
                .doesNotContain("opened");

        Res range = as(u, "GET", dav(u) + "f.bin").header("Range", "bytes=5-9").send();
        assertThat(range.status()).isEqualTo(206);
        assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 5-9/20");
        assertThat(as(u, "GET", dav(u) + "f.bin")
                        .header(
                                "If-None-Match",
                                replaced.headers().firstValue("ETag").get())
                        .send()
                        .status())
                .isEqualTo(304);
    }

    @Test
    void mkcolAndDelete_statusCodes_andDeleteGoesToTheTrash() {
        TestUser u = api.newUser("davcol");
        FilesClient f = new FilesClient(api, u);
        assertThat(as(u, "MKCOL", dav(u) + "d").send().status()).isEqualTo(201);
        assertThat(as(u, "MKCOL", dav(u) + "d").send().status()).isEqualTo(405);
        assertThat(as(u, "MKCOL", dav(u) + "x/y").send().status()).isEqualTo(409);
        assertThat(as(u, "MKCOL", dav(u) + "b")
                        .body("application/xml", "<x/>")
                        .send()
                        .status())
                .isEqualTo(415);
        as(u, "PUT", dav(u) + "d/in.txt")
                .bytes("text/plain", new byte[4])
                .send()
                .expect(201);

        assertThat(as(u, "DELETE", dav(u) + "d").send().status()).isEqualTo(204);
        assertThat(as(u, "PROPFIND", dav(u) + "d").header("Depth", "0").send().status())
                .isEqualTo(404);
        assertThat(f.trashed().stream().map(n -> MiniJson.at(n, "name"))).containsExactly("d");
        assertThat(as(u, "DELETE", dav(u) + "d").send().status()).isEqualTo(404);
        assertThat(as(u, "DELETE", dav(u)).send().status()).isEqualTo(403);
    }

    /**
     * DAV remembers where paths lead (the first read of every request); each kind of change made through another
     * surface must show on the very next DAV request, for the changed path and for paths beneath it.
     */
    @Test
    void pathsChangedThroughRest_showOnTheVeryNextDavRequest() {
        TestUser u = api.newUser("davfresh");
        FilesClient f = new FilesClient(api, u);
        long docs = f.mkdir(f.rootId(), "docs");
        long file = f.uploadOk(docs, "a.txt", "one".getBytes(StandardCharsets.UTF_8));
        // read twice over DAV, so the answers are remembered
        for (int i = 0; i < 2; i++) {
            assertThat(as(u, "GET", dav(u) + "docs/a.txt").send().expect(200).body())
                    .isEqualTo("one");
            as(u, "PROPFIND", dav(u) + "docs/b.txt").header("Depth", "0").send().expect(404);
        }
        String etag = as(u, "GET", dav(u) + "docs/a.txt").send().header("ETag");

        f.upload(docs, "a.txt", "two!".getBytes(StandardCharsets.UTF_8), "overwrite")
                .expect(201);
        Res overwritten = as(u, "GET", dav(u) + "docs/a.txt").send().expect(200);
        assertThat(overwritten.body()).isEqualTo("two!");
        assertThat(overwritten.header("ETag")).isNotEqualTo(etag);

        f.as(api.patch("/api/files/" + file))
                .json(MiniJson.obj("name", "b.txt"))
                .send()
                .expect(200);
        as(u, "GET", dav(u) + "docs/a.txt").send().expect(404);
        assertThat(as(u, "GET", dav(u) + "docs/b.txt").send().expect(200).body())
                .isEqualTo("two!");

        f.as(api.patch("/api/files/" + docs))
                .json(MiniJson.obj("name", "papers"))
                .send()
                .expect(200);
        as(u, "GET", dav(u) + "docs/b.txt").send().expect(404);
        as(u, "GET", dav(u) + "papers/b.txt").send().expect(200);

        f.trash(docs);
        as(u, "GET", dav(u) + "papers/b.txt").send().expect(404);
        as(u, "PROPFIND", dav(u) + "papers").header("Depth", "0").send().expect(404);

        f.as(api.post("/api/trash/" + docs + "/restore")).send().expect(200);
        assertThat(as(u, "GET", dav(u) + "papers/b.txt").send().expect(200).body())
                .isEqualTo("two!");

        // and a DAV write is seen by the next DAV read of a path beneath it
        as(u, "MOVE", dav(u) + "papers")
                .header("Destination", dav(u) + "moved")
                .send()
                .expect(201);
        as(u, "GET", dav(u) + "papers/b.txt").send().expect(404);
        assertThat(as(u, "GET", dav(u) + "moved/b.txt").send().expect(200).body())
                .isEqualTo("two!");
    }

    static final String SET_PROPS = "<?xml version=\"1.0\"?><D:propertyupdate xmlns:D=\"DAV:\" xmlns:z=\"urn:z\">"
            + "<D:set><D:prop><z:colour>blue &amp; green</z:colour><z:tree><z:leaf n=\"1\">a</z:leaf></z:tree>"
            + "</D:prop></D:set></D:propertyupdate>";

    @Test
    void proppatch_isAtomic_keptByMove_copiedByCopy_goneWithTheResource() {
        TestUser u = api.newUser("davprops");
        as(u, "MKCOL", dav(u) + "src").send().expect(201);
        as(u, "PUT", dav(u) + "src/f.txt")
                .bytes("text/plain", new byte[1])
                .send()
                .expect(201);
        Res set = as(u, "PROPPATCH", dav(u) + "src/f.txt")
                .body("application/xml", SET_PROPS)
                .send();
        assertThat(set.status()).isEqualTo(207);
        assertThat(set.body()).contains("HTTP/1.1 200 OK").doesNotContain("403");

        Res mixed = as(u, "PROPPATCH", dav(u) + "src/f.txt")
                .body(
                        "application/xml",
                        "<D:propertyupdate xmlns:D=\"DAV:\" xmlns:z=\"urn:z\"><D:set><D:prop>"
                                + "<z:colour>red</z:colour><D:getetag>x</D:getetag></D:prop></D:set>"
                                + "</D:propertyupdate>")
                .send();
        assertThat(mixed.status()).isEqualTo(207);
        assertThat(mixed.body()).contains("HTTP/1.1 403 Forbidden").contains("HTTP/1.1 424 Failed Dependency");

        String ask =
                "<D:propfind xmlns:D=\"DAV:\" xmlns:z=\"urn:z\"><D:prop><z:colour/><z:tree/></D:prop></D:propfind>";
        Res read = as(u, "PROPFIND", dav(u) + "src/f.txt")
                .header("Depth", "0")
                .body("application/xml", ask)
                .send();
        assertThat(read.body())
                .as("the failed PROPPATCH changed nothing")
                .contains("blue &amp; green")
                .doesNotContain("red")
                .contains("leaf")
                .contains("n=\"1\"");

        as(u, "MOVE", dav(u) + "src")
                .header("Destination", dav(u) + "moved")
                .send()
                .expect(201);
        as(u, "COPY", dav(u) + "moved")
                .header("Destination", dav(u) + "copied")
                .send()
                .expect(201);
        for (String path : List.of("moved/f.txt", "copied/f.txt")) {
            Res after = as(u, "PROPFIND", dav(u) + path)
                    .header("Depth", "0")
                    .body("application/xml", ask)
                    .send();
            assertThat(after.body()).as(path).contains("blue &amp; green").doesNotContain("404 Not Found");
        }
        as(u, "DELETE", dav(u) + "copied/f.txt").send().expect(204);
        as(u, "PUT", dav(u) + "copied/f.txt")
                .bytes("text/plain", new byte[1])
                .send()
                .expect(201);
        Res fresh = as(u, "PROPFIND", dav(u) + "copied/f.txt")
                .header("Depth", "0")
                .body("application/xml", ask)
                .send();
        assertThat(fresh.body())
                .as("a new file at the old path has no old properties")
                .contains("404 Not Found");
    }

    @Test
    void copyAndMove_statusCodesPerTheRfc() {
        TestUser u = api.newUser("davcm");
        as(u, "PUT", dav(u) + "a.txt")
                .bytes("text/plain", "A".getBytes())
                .send()
                .expect(201);
        as(u, "PUT", dav(u) + "b.txt")
                .bytes("text/plain", "B".getBytes())
                .send()
                .expect(201);
        assertThat(as(u, "COPY", dav(u) + "a.txt")
                        .header("Destination", dav(u) + "b.txt")
                        .header("Overwrite", "F")
                        .send()
                        .status())
                .isEqualTo(412);
        assertThat(as(u, "COPY", dav(u) + "a.txt")
                        .header("Destination", dav(u) + "b.txt")
                        .send()
                        .status())
                .isEqualTo(204);
        assertThat(new String(as(u, "GET", dav(u) + "b.txt")
                        .sendForBytes()
                        .expect(200)
                        .body()))
                .isEqualTo("A");
        assertThat(as(u, "MOVE", dav(u) + "a.txt")
                        .header("Destination", dav(u) + "no/c.txt")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(as(u, "MOVE", dav(u) + "a.txt")
                        .header("Destination", "http://elsewhere.example/x")
                        .send()
                        .status())
                .isEqualTo(502);
        assertThat(as(u, "MOVE", dav(u) + "a.txt")
                        .header("Destination", dav(u) + "a.txt")
                        .send()
                        .status())
                .isEqualTo(403);
        assertThat(as(u, "MOVE", dav(u) + "a.txt")
                        .header(
                                "Destination",
                                api.base.resolve(dav(u) + "c.txt").toString())
                        .send()
                        .status())
                .isEqualTo(201);
        as(u, "MKCOL", dav(u) + "d").send().expect(201);
        assertThat(as(u, "MOVE", dav(u) + "d")
                        .header("Destination", dav(u) + "d/e")
                        .send()
                        .status())
                .isEqualTo(403);
        assertThat(as(u, "PROPFIND", dav(u) + "a.txt")
                        .header("Depth", "0")
                        .send()
                        .status())
                .isEqualTo(404);
        assertThat(as(u, "PROPFIND", dav(u) + "c.txt")
                        .header("Depth", "0")
                        .send()
                        .status())
                .isEqualTo(207);
    }

    static final String LOCKINFO = "<?xml version=\"1.0\"?><D:lockinfo xmlns:D=\"DAV:\"><D:lockscope><D:exclusive/>"
            + "</D:lockscope><D:locktype><D:write/></D:locktype><D:owner>it</D:owner></D:lockinfo>";

    @Test
    void locks_guardWrites_untilUnlocked_andAnUnmappedUrlGetsAnEmptyFile() {
        TestUser u = api.newUser("davlock");
        as(u, "MKCOL", dav(u) + "d").send().expect(201);
        Res locked = as(u, "LOCK", dav(u) + "d")
                .header("Timeout", "Second-300")
                .body("application/xml", LOCKINFO)
                .send();
        assertThat(locked.status()).isEqualTo(200);
        String token = locked.headers().firstValue("Lock-Token").orElseThrow();
        assertThat(token).startsWith("<opaquelocktoken:");
        assertThat(locked.body()).contains("<d:depth>infinity</d:depth>").contains("Second-300");

        Res blocked = as(u, "PUT", dav(u) + "d/f.txt")
                .bytes("text/plain", new byte[1])
                .send();
        assertThat(blocked.status())
                .as("a member of a locked collection without the token")
                .isEqualTo(423);
        assertThat(blocked.body()).contains("lock-token-submitted");
        assertThat(as(u, "DELETE", dav(u) + "d").send().status()).isEqualTo(423);
        assertThat(as(u, "LOCK", dav(u) + "d")
                        .body("application/xml", LOCKINFO)
                        .send()
                        .status())
                .as("a second exclusive lock")
                .isEqualTo(423);
        assertThat(as(u, "PUT", dav(u) + "d/f.txt")
                        .header("If", "(" + token + ")")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(201);
        assertThat(as(u, "PUT", dav(u) + "d/f.txt")
                        .header("If", "(<opaquelocktoken:bogus>)")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(412);
        Res discovery = as(u, "PROPFIND", dav(u) + "d/f.txt")
                .header("Depth", "0")
                .send()
                .expect(207);
        assertThat(discovery.body())
                .contains(token.substring(1, token.length() - 1))
                .contains("<d:owner>it</d:owner>");

        assertThat(as(u, "UNLOCK", dav(u) + "d")
                        .header("Lock-Token", "<opaquelocktoken:nope>")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(as(u, "UNLOCK", dav(u) + "d")
                        .header("Lock-Token", token)
                        .send()
                        .status())
                .isEqualTo(204);
        assertThat(as(u, "DELETE", dav(u) + "d").send().status()).isEqualTo(204);

        Res lockNull = as(u, "LOCK", dav(u) + "new.txt")
                .header("Depth", "0")
                .body("application/xml", LOCKINFO)
                .send();
        assertThat(lockNull.status()).isEqualTo(201);
        Res empty = as(u, "PROPFIND", dav(u) + "new.txt")
                .header("Depth", "0")
                .send()
                .expect(207);
        assertThat(empty.body()).contains("<d:getcontentlength>0</d:getcontentlength>");
        assertThat(as(u, "OPTIONS", dav(u)).send().expect(200).headers().firstValue("DAV"))
                .hasValue("1, 2, 3");
    }

    @Test
    void levelsAboveTheTree_answerAsCollections_forClientsThatWalkUp() {
        TestUser u = api.newUser("davwalk");
        // the Windows Mini-Redirector asks the server's root first, before it has credentials to offer
        Res rootOptions = api.method("OPTIONS", "/").send().expect(200);
        assertThat(rootOptions.headers().firstValue("DAV")).hasValue("1, 2, 3");
        assertThat(rootOptions.headers().firstValue("MS-Author-Via")).hasValue("DAV");
        assertThat(api.method("PROPFIND", "/").header("Depth", "0").send().status())
                .isEqualTo(401);
        Res root = as(u, "PROPFIND", "/").header("Depth", "1").send().expect(207);
        assertThat(hrefs(root.body())).containsExactly("/", "/dav/");
        assertThat(as(u, "GET", "/").send().status()).isEqualTo(200); // the web app is still there

        for (String dav : List.of("/dav", "/dav/")) {
            Res r = as(u, "PROPFIND", dav).header("Depth", "1").send().expect(207);
            assertThat(hrefs(r.body()))
                    .containsExactly(
                            "/dav/", "/dav/files/", "/dav/principals/", "/dav/calendars/", "/dav/addressbooks/");
            assertThat(r.body()).contains("<d:collection/>");
        }
        Res files = as(u, "PROPFIND", "/dav/files")
                .header("Depth", "1")
                .body("application/xml", "<propfind xmlns=\"DAV:\"><prop><resourcetype/><getetag/></prop></propfind>")
                .send()
                .expect(207);
        assertThat(hrefs(files.body())).containsExactly("/dav/files/", dav(u)); // no other user's tree
        assertThat(files.body()).contains("<d:getetag/>").contains("HTTP/1.1 404 Not Found");
        Res options = as(u, "OPTIONS", "/dav/files/").send().expect(200);
        assertThat(options.headers().firstValue("DAV")).hasValue("1, 2, 3");
        assertThat(as(u, "PROPFIND", "/dav/files/")
                        .header("Depth", "infinity")
                        .send()
                        .status())
                .isEqualTo(403);
        Res put = as(u, "PUT", "/dav/files/")
                .bytes("application/octet-stream", new byte[3])
                .send();
        assertThat(put.status()).isEqualTo(405);
        assertThat(put.headers().firstValue("Allow")).hasValue("OPTIONS, PROPFIND");
        assertThat(as(u, "MKCOL", "/dav/files/x/").send().status()).isEqualTo(404);
    }

    @Test
    void chunkedPut_withFindersExpectedLength_isStored_andAShortOneIsRefused() {
        TestUser u = api.newUser("davfinder");
        byte[] data = FilesClient.random(200_000, 7);
        // no Content-Length: the client streams chunks and names the length in X-Expected-Entity-Length
        Res created = as(u, "PUT", dav(u) + "photo.jpg")
                .header("X-Expected-Entity-Length", Long.toString(data.length))
                .body(
                        "image/jpeg",
                        java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                                () -> new java.io.ByteArrayInputStream(data)))
                .send();
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(as(u, "GET", dav(u) + "photo.jpg").sendForBytes().expect(200).body())
                .isEqualTo(data);
        Res shorter = as(u, "PUT", dav(u) + "cut.jpg")
                .header("X-Expected-Entity-Length", Long.toString(data.length + 1))
                .body(
                        "image/jpeg",
                        java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                                () -> new java.io.ByteArrayInputStream(data)))
                .send();
        assertThat(shorter.status()).isEqualTo(400);
        assertThat(as(u, "GET", dav(u) + "cut.jpg").send().status()).isEqualTo(404);
        assertThat(as(u, "PUT", dav(u) + "bad.jpg")
                        .header("X-Expected-Entity-Length", "lots")
                        .body(
                                "image/jpeg",
                                java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                                        () -> new java.io.ByteArrayInputStream(data)))
                        .send()
                        .status())
                .isEqualTo(400);
        // AppleDouble companions and .DS_Store are ordinary files: Finder keeps tags and resource forks in them
        as(u, "PUT", dav(u) + "._photo.jpg")
                .bytes("application/octet-stream", new byte[4096])
                .send()
                .expect(201);
        as(u, "PUT", dav(u) + ".DS_Store")
                .bytes("application/octet-stream", new byte[6148])
                .send()
                .expect(201);
    }

    @Test
    void hostileRequests_areRefusedAndChangeNothing() {
        TestUser u = api.newUser("davbad");
        TestUser other = api.newUser("davother");
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<propfind xmlns=\"DAV:\"><prop><displayname>&x;</displayname></prop></propfind>";
        Res refused = as(u, "PROPFIND", dav(u))
                .header("Depth", "0")
                .body("application/xml", xxe)
                .send();
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).doesNotContain("root:");
        String bomb = "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
                + "<propfind xmlns=\"DAV:\"><prop><x>&b;</x></prop></propfind>";
        assertThat(as(u, "PROPFIND", dav(u))
                        .header("Depth", "0")
                        .body("application/xml", bomb)
                        .send()
                        .status())
                .isEqualTo(400);
        assertThat(as(u, "PROPFIND", dav(u))
                        .header("Depth", "0")
                        .body("application/xml", "<propfind")
                        .send()
                        .status())
                .isEqualTo(400);
        assertThat(as(u, "PROPFIND", dav(u))
                        .header("Depth", "0")
                        .body(
                                "application/xml",
                                "<propfind xmlns=\"DAV:\"><prop>" + "<x/>".repeat(300_000) + "</prop></propfind>")
                        .send()
                        .status())
                .isEqualTo(413);

        assertThat(as(u, "PUT", dav(u) + "..%2Fescape.txt")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(400);
        assertThat(as(u, "PUT", dav(u) + "bad%C3.txt")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(400);
        assertThat(as(u, "PROPFIND", dav(other)).header("Depth", "0").send().status())
                .isEqualTo(404);
        assertThat(as(u, "PUT", dav(other) + "planted.txt")
                        .bytes("text/plain", new byte[1])
                        .send()
                        .status())
                .isEqualTo(404);
        assertThat(api.method("PROPFIND", dav(u)).header("Depth", "0").send().status())
                .isEqualTo(401);
        assertThat(new FilesClient(api, u).names(new FilesClient(api, u).rootId()))
                .isEmpty();
        assertThat(new FilesClient(api, other).names(new FilesClient(api, other).rootId()))
                .isEmpty();
    }

    @Test
    void litmus_everySuite_passesWithNoFailureAndNoWarning() throws Exception {
        TestUser u = api.newUser("litmus");
        assertThat(Litmus.passesEverySuite(api.base.resolve(dav(u)).toString(), u.username(), u.password()))
                .doesNotContain("WARNING");
    }
}
