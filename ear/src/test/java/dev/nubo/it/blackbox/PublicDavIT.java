package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Public WebDAV access to a link (/dav/public/{token}/ and Nextcloud's /nextcloud/public.php/webdav/): each
 * permission against each method, the link's password as HTTP Basic (right, wrong, throttled), dead links answering
 * 404, downloads counted against the limit, Range and ETag, paths and Destinations that would leave the link, a
 * manager's link dying with their right to share, and real clients (rclone both ways, litmus on an edit link).
 */
@ExtendWith(SharedServer.class)
class PublicDavIT {
    static final String ALLPROP = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:allprop/></d:propfind>";

    final Api api = SharedServer.api();

    private Res link(FilesClient f, long nodeId, String permission, Object... extra) {
        List<Object> fields = new ArrayList<>(List.of("nodeId", nodeId, "permission", permission));
        fields.addAll(Arrays.asList(extra));
        return f.as(api.post("/api/links"))
                .json(MiniJson.obj(fields.toArray()))
                .send()
                .expect(201);
    }

    private static String dav(String token, String rest) {
        return "/dav/public/" + token + "/" + rest;
    }

    private Api.Req req(String method, String token, String rest) {
        return api.method(method, dav(token, rest));
    }

    private Res propfind(String token, String rest, String depth) {
        return req("PROPFIND", token, rest)
                .header("Depth", depth)
                .body("application/xml", ALLPROP)
                .send();
    }

    private static List<String> hrefs(Res multistatus) {
        return DavXmlDoc.parse(multistatus.body()).responses().stream()
                .map(DavXmlDoc.Response::href)
                .toList();
    }

    private List<String> auditActions(FilesClient f, long linkId) {
        return f.as(api.get("/api/links/" + linkId + "/audit")).send().expect(200).list("").stream()
                .map(o -> (String) ((Map<?, ?>) o).get("action"))
                .toList();
    }

    /** The statuses of PROPFIND, GET, HEAD, PUT, MKCOL, COPY, MOVE, LOCK, DELETE on a folder link of a permission. */
    private List<Integer> matrix(String permission) {
        FilesClient f = FilesClient.newUser(api, "pdav" + permission, null);
        long folder = f.mkdir(f.rootId(), "Shared");
        f.mkdir(folder, "sub");
        f.uploadOk(folder, "a.txt", "alpha".getBytes(StandardCharsets.UTF_8));
        String token = link(f, folder, permission).str("token");
        List<Integer> got = new ArrayList<>();
        got.add(propfind(token, "a.txt", "0").status());
        got.add(req("GET", token, "a.txt").send().status());
        got.add(req("HEAD", token, "a.txt").send().status());
        got.add(req("PUT", token, "new.txt")
                .bytes("text/plain", "new".getBytes(StandardCharsets.UTF_8))
                .send()
                .status());
        got.add(req("MKCOL", token, "made").send().status());
        got.add(req("COPY", token, "a.txt")
                .header("Destination", dav(token, "copy.txt"))
                .send()
                .status());
        got.add(req("MOVE", token, "copy.txt")
                .header("Destination", dav(token, "sub/moved.txt"))
                .send()
                .status());
        got.add(req("LOCK", token, "a.txt")
                .body(
                        "application/xml",
                        "<?xml version=\"1.0\"?><d:lockinfo xmlns:d=\"DAV:\"><d:lockscope><d:exclusive/></d:lockscope>"
                                + "<d:locktype><d:write/></d:locktype></d:lockinfo>")
                .send()
                .status());
        got.add(req("DELETE", token, "sub/moved.txt").send().status());
        return got;
    }

    @Test
    void eachPermission_allowsItsMethodsOnly() {
        // PROPFIND, GET, HEAD, PUT, MKCOL, COPY, MOVE, LOCK, DELETE
        assertThat(matrix("view")).containsExactly(207, 403, 403, 403, 403, 403, 403, 403, 403);
        assertThat(matrix("download")).containsExactly(207, 200, 200, 403, 403, 403, 403, 403, 403);
        assertThat(matrix("drop")).containsExactly(404, 403, 403, 201, 403, 403, 403, 403, 403);
        assertThat(matrix("edit")).containsExactly(207, 200, 200, 201, 201, 201, 201, 200, 204);
    }

    @Test
    void folderLink_isTheRoot_editWritesGoToTheOwnersTreeAndTrash() {
        FilesClient f = FilesClient.newUser(api, "pdavedit", null);
        long folder = f.mkdir(f.rootId(), "Team");
        long sub = f.mkdir(folder, "sub");
        f.uploadOk(sub, "deep.txt", "deep".getBytes(StandardCharsets.UTF_8));
        f.uploadOk(f.rootId(), "secret.txt", "secret".getBytes(StandardCharsets.UTF_8));
        String token = link(f, folder, "edit").str("token");

        Res root = propfind(token, "", "1").expect(207);
        assertThat(hrefs(root)).containsExactly(dav(token, ""), dav(token, "sub/"));
        assertThat(propfind(token, "sub", "1").expect(207).body()).contains("deep.txt");
        assertThat(req("GET", token, "sub/deep.txt").sendForBytes().expect(200).body())
                .isEqualTo("deep".getBytes(StandardCharsets.UTF_8));

        req("PUT", token, "sub/up.txt")
                .bytes("text/plain", "up".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(201);
        req("PUT", token, "sub/up.txt")
                .bytes("text/plain", "up2".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(204);
        assertThat(f.names(sub)).containsExactlyInAnyOrder("deep.txt", "up.txt");
        req("DELETE", token, "sub/up.txt").send().expect(204);
        assertThat(f.names(sub)).containsExactly("deep.txt");
        assertThat(f.trashed()).isNotEmpty();
        // the link's folder itself cannot be deleted or moved through it
        req("DELETE", token, "").send().expect(403);
    }

    @Test
    void fileLink_isACollectionHoldingTheFile() {
        FilesClient f = FilesClient.newUser(api, "pdavfile", null);
        byte[] data = FilesClient.random(2_000, 5);
        long file = f.uploadOk(f.rootId(), "report.pdf", data);
        String token = link(f, file, "download").str("token");
        assertThat(hrefs(propfind(token, "", "1").expect(207)))
                .containsExactly(dav(token, ""), dav(token, "report.pdf"));
        assertThat(req("GET", token, "report.pdf").sendForBytes().expect(200).body())
                .isEqualTo(data);
        req("GET", token, "other.pdf").send().expect(404);
        req("GET", token, "report.pdf/x").send().expect(404);
    }

    @Test
    void dropLink_acceptsNewFiles_keepsBoth_showsNothing() {
        FilesClient f = FilesClient.newUser(api, "pdavdrop", null);
        long inbox = f.mkdir(f.rootId(), "Inbox");
        f.uploadOk(inbox, "existing.txt", "private".getBytes(StandardCharsets.UTF_8));
        String token = link(f, inbox, "drop").str("token");

        req("PUT", token, "existing.txt")
                .bytes("text/plain", "dropped".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(201);
        assertThat(f.names(inbox)).containsExactlyInAnyOrder("existing.txt", "existing (1).txt");
        // Depth 1 shows the folder only; nothing below it is visible or fetchable
        assertThat(hrefs(propfind(token, "", "1").expect(207))).containsExactly(dav(token, ""));
        propfind(token, "existing.txt", "0").expect(404);
        req("GET", token, "existing.txt").send().expect(403);
        req("PUT", token, "sub/x.txt").bytes("text/plain", new byte[1]).send().expect(403);
    }

    @Test
    void password_isTheBasicPassword_wrongOnesAreRefusedAuditedAndThrottled() {
        FilesClient f = FilesClient.newUser(api, "pdavpw", null);
        long folder = f.mkdir(f.rootId(), "Locked");
        Res made = link(f, folder, "download", "password", "open sesame");
        String token = made.str("token");

        Res none = propfind(token, "", "0").expect(401);
        assertThat(none.header("WWW-Authenticate")).startsWith("Basic ");
        Res wrong = req("PROPFIND", token, "")
                .basic("anyone", "wrong")
                .header("Depth", "0")
                .send()
                .expect(401);
        assertThat(wrong.header("WWW-Authenticate")).startsWith("Basic ");
        req("PROPFIND", token, "")
                .basic("anyone", "open sesame")
                .header("Depth", "0")
                .send()
                .expect(207);
        // Nextcloud's shape: the token is the user name
        api.method("PROPFIND", "/nextcloud/public.php/webdav/")
                .basic(token, "open sesame")
                .header("Depth", "1")
                .send()
                .expect(207);
        assertThat(auditActions(f, made.num("id"))).contains("link.password_failed", "link.access");

        String other = link(f, f.mkdir(f.rootId(), "Guarded"), "view", "password", "right-one")
                .str("token");
        for (int i = 1; i <= 5; i++) {
            req("PROPFIND", other, "")
                    .basic("x", "guess-" + i)
                    .header("Depth", "0")
                    .send()
                    .expect(401);
        }
        Res throttled = req("PROPFIND", other, "")
                .basic("x", "guess-6")
                .header("Depth", "0")
                .send()
                .expect(429);
        assertThat(Long.parseLong(throttled.header("Retry-After"))).isPositive();
    }

    @Test
    void deadLinks_answer404_expiredRevokedOrUnknown() throws InterruptedException {
        FilesClient f = FilesClient.newUser(api, "pdavdead", null);
        long a = f.mkdir(f.rootId(), "A");
        Instant soon = Instant.now().plusSeconds(3);
        String expiring = link(f, a, "download", "expiresAt", soon.toString()).str("token");
        Res revoked = link(f, a, "edit");
        propfind(expiring, "", "0").expect(207);
        propfind(revoked.str("token"), "", "0").expect(207);
        f.as(api.delete("/api/links/" + revoked.num("id"))).send().expect(204);
        propfind(revoked.str("token"), "", "0").expect(404);
        req("PUT", revoked.str("token"), "x.txt")
                .bytes("text/plain", new byte[1])
                .send()
                .expect(404);
        propfind("AAAAAAAAAAAAAAAAAAAAAAAA", "", "0").expect(404);
        propfind("not-a-token", "", "0").expect(404);
        Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis()) + 500);
        propfind(expiring, "", "0").expect(404);
        api.method("PROPFIND", "/nextcloud/public.php/webdav/")
                .basic(expiring, "")
                .send()
                .expect(404);
    }

    @Test
    void downloads_streamWithRangeAndEtag_andCountAgainstTheLimit() {
        FilesClient f = FilesClient.newUser(api, "pdavlim", null);
        byte[] data = FilesClient.random(10_000, 9);
        long folder = f.mkdir(f.rootId(), "L");
        f.uploadOk(folder, "data.bin", data);
        Res made = link(f, folder, "download", "downloadLimit", 2);
        String token = made.str("token");

        Api.Bin part = req("GET", token, "data.bin")
                .header("Range", "bytes=100-199")
                .sendForBytes()
                .expect(206);
        assertThat(part.body()).isEqualTo(Arrays.copyOfRange(data, 100, 200));
        assertThat(part.header("Content-Range")).isEqualTo("bytes 100-199/10000");
        String etag = part.header("ETag");
        req("GET", token, "data.bin")
                .header("If-None-Match", etag)
                .sendForBytes()
                .expect(304);
        req("HEAD", token, "data.bin").sendForBytes().expect(200);
        propfind(token, "", "1").expect(207);
        assertThat(f.as(api.get("/api/links?nodeId=" + folder)).send().num("0.downloadCount"))
                .isZero();
        // counted: a whole GET, and a range from byte 0
        assertThat(req("GET", token, "data.bin").sendForBytes().expect(200).body())
                .isEqualTo(data);
        req("GET", token, "data.bin")
                .header("Range", "bytes=0-9")
                .sendForBytes()
                .expect(206);
        assertThat(f.as(api.get("/api/links?nodeId=" + folder)).send().num("0.downloadCount"))
                .isEqualTo(2);
        propfind(token, "", "0").expect(404);
        api.get("/api/public/links/" + token).send().expectError(404, "not_found");
        List<String> actions = auditActions(f, made.num("id"));
        // every counted download is a row; the reads between them one row at most
        assertThat(actions.stream().filter("link.access"::equals).count()).isBetween(2L, 4L);
    }

    @Test
    void pathsAndDestinations_neverLeaveTheLink() {
        FilesClient owner = FilesClient.newUser(api, "pdavjail", null);
        long folder = owner.mkdir(owner.rootId(), "Jail");
        owner.uploadOk(folder, "in.txt", "in".getBytes(StandardCharsets.UTF_8));
        owner.uploadOk(owner.rootId(), "secret.txt", "secret".getBytes(StandardCharsets.UTF_8));
        String token = link(owner, folder, "edit").str("token");
        String otherToken =
                link(owner, owner.mkdir(owner.rootId(), "Other"), "edit").str("token");

        req("GET", token, "%2e%2e/secret.txt").send().expect(400);
        req("GET", token, "%2E%2E%2Fsecret.txt").send().expect(400);
        req("GET", token, "sub%2F..%2F..%2Fsecret.txt").send().expect(400);
        Res outside = req("MOVE", token, "in.txt")
                .header("Destination", "/dav/files/" + owner.user.username() + "/stolen.txt")
                .send();
        assertThat(outside.status()).isEqualTo(403);
        req("COPY", token, "in.txt")
                .header("Destination", dav(otherToken, "in.txt"))
                .send()
                .expect(403);
        req("COPY", token, "in.txt")
                .header("Destination", "http://elsewhere.example/dav/public/" + token + "/x.txt")
                .send()
                .expect(502);
        req("COPY", token, "in.txt")
                .header(
                        "Destination",
                        api.base.resolve(dav(token, "..%2Fx.txt")).toString())
                .send()
                .expect(400);
        assertThat(owner.names(owner.rootId())).containsExactlyInAnyOrder("Jail", "Other", "secret.txt");
        assertThat(owner.names(folder)).containsExactly("in.txt");
    }

    @Test
    void managersLink_diesWhenTheyMayNoLongerShare_andLivesAgainWhenReGranted() {
        FilesClient owner = FilesClient.newUser(api, "pdavown", null);
        FilesClient manager = FilesClient.newUser(api, "pdavmgr", null);
        long folder = owner.mkdir(owner.rootId(), "Managed");
        owner.uploadOk(folder, "m.txt", "m".getBytes(StandardCharsets.UTF_8));
        long grant = owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", folder, "userId", manager.user.id(), "role", "manager"))
                .send()
                .expect(201)
                .num("id");
        Res made = link(manager, folder, "download");
        String token = made.str("token");
        propfind(token, "", "1").expect(207);
        api.get("/api/public/links/" + token).send().expect(200);

        owner.as(api.patch("/api/shares/" + grant))
                .json(MiniJson.obj("role", "editor"))
                .send()
                .expect(200);
        propfind(token, "", "1").expect(404);
        api.get("/api/public/links/" + token).send().expectError(404, "not_found");

        owner.as(api.patch("/api/shares/" + grant))
                .json(MiniJson.obj("role", "manager"))
                .send()
                .expect(200);
        propfind(token, "", "1").expect(207);

        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);
        propfind(token, "", "1").expect(404);
        req("GET", token, "m.txt").send().expect(404);
        api.get("/api/public/links/" + token).send().expectError(404, "not_found");
        assertThat(auditActions(owner, made.num("id"))).contains("link.refused");

        // manager through a group nested in another: leaving the inner group silences the link
        String groups = "/api/admin/groups";
        String outer = api.asAdmin(api.post(groups))
                .json(MiniJson.obj("name", Api.uniqueName("pdavouter")))
                .send()
                .expect(201)
                .str("id");
        String inner = api.asAdmin(api.post(groups))
                .json(MiniJson.obj("name", Api.uniqueName("pdavinner")))
                .send()
                .expect(201)
                .str("id");
        api.asAdmin(api.put(groups + "/" + outer + "/members/groups/" + inner))
                .send()
                .expect(204);
        api.asAdmin(api.put(groups + "/" + inner + "/members/users/" + manager.user.id()))
                .send()
                .expect(204);
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", folder, "groupId", outer, "role", "manager"))
                .send()
                .expect(201);
        String viaGroup = link(manager, folder, "download").str("token");
        propfind(viaGroup, "", "1").expect(207);
        propfind(token, "", "1").expect(207); // the first link lives again: its creator may share once more
        api.asAdmin(api.delete(groups + "/" + inner + "/members/users/" + manager.user.id()))
                .send()
                .expect(204);
        propfind(viaGroup, "", "1").expect(404);
        api.get("/api/public/links/" + viaGroup).send().expectError(404, "not_found");

        // the owner's own links are not affected by any grant
        String own = link(owner, folder, "download").str("token");
        propfind(own, "", "1").expect(207);
    }

    // ---- real clients ----

    record Run(int exit, String output) {}

    private static Run run(Path work, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("%s finished", command[0]).isTrue();
        return new Run(p.exitValue(), out);
    }

    @Test
    void rclone_listsCopiesDownAndUp_throughBothShapes() throws Exception {
        FilesClient f = FilesClient.newUser(api, "pdavrclone", null);
        long folder = f.mkdir(f.rootId(), "Exchange");
        long sub = f.mkdir(folder, "sub");
        f.uploadOk(folder, "one.bin", FilesClient.random(200_000, 1));
        f.uploadOk(sub, "a b#c.txt", "awkward".getBytes(StandardCharsets.UTF_8));
        String token = link(f, folder, "edit", "password", "rclone-pw").str("token");
        Path work = Files.createTempDirectory("pdav-rclone");
        try {
            Map<String, String> env =
                    Map.of("RCLONE_CONFIG", work.resolve("rclone.conf").toString());
            String obscured =
                    run(work, env, "rclone", "obscure", "rclone-pw").output().strip();
            String url = api.base.resolve(dav(token, "")).toString();
            assertThat(run(
                                    work,
                                    env,
                                    "rclone",
                                    "config",
                                    "create",
                                    "pub",
                                    "webdav",
                                    "url=" + url,
                                    "vendor=other",
                                    "user=visitor",
                                    "pass=" + obscured)
                            .exit())
                    .isZero();
            String ncUrl = api.base.resolve("/nextcloud/public.php/webdav/").toString();
            assertThat(run(
                                    work,
                                    env,
                                    "rclone",
                                    "config",
                                    "create",
                                    "nc",
                                    "webdav",
                                    "url=" + ncUrl,
                                    "vendor=nextcloud",
                                    "user=" + token,
                                    "pass=" + obscured)
                            .exit())
                    .isZero();

            for (String remote : List.of("pub:", "nc:")) {
                Run listing = run(work, env, "rclone", "lsf", "-R", remote);
                assertThat(listing.exit()).as(listing.output()).isZero();
                assertThat(listing.output().lines().toList())
                        .containsExactlyInAnyOrder("one.bin", "sub/", "sub/a b#c.txt");
            }
            Path down = work.resolve("down");
            Run copyDown = run(work, env, "rclone", "copy", "pub:", down.toString());
            assertThat(copyDown.exit()).as(copyDown.output()).isZero();
            assertThat(Files.readString(down.resolve("sub/a b#c.txt"))).isEqualTo("awkward");
            Run check = run(work, env, "rclone", "check", down.toString(), "nc:");
            assertThat(check.exit()).as(check.output()).isZero();

            Path up = Files.createDirectories(work.resolve("up/deeper"));
            Files.writeString(up.resolve("été.txt"), "unicode");
            Files.write(work.resolve("up/big.bin"), FilesClient.random(300_000, 2));
            Run copyUp = run(work, env, "rclone", "copy", work.resolve("up").toString(), "pub:uploaded");
            assertThat(copyUp.exit()).as(copyUp.output()).isZero();
            Run copyUpNc = run(work, env, "rclone", "copy", work.resolve("up").toString(), "nc:viaNextcloud");
            assertThat(copyUpNc.exit()).as(copyUpNc.output()).isZero();
            assertThat(f.names(folder)).containsExactlyInAnyOrder("one.bin", "sub", "uploaded", "viaNextcloud");
            Run checkUp = run(work, env, "rclone", "check", work.resolve("up").toString(), "pub:uploaded");
            assertThat(checkUp.exit()).as(checkUp.output()).isZero();
        } finally {
            deleteQuietly(work);
        }
    }

    @Test
    void litmus_againstAnEditLink() throws Exception {
        FilesClient f = FilesClient.newUser(api, "pdavlitmus", null);
        long folder = f.mkdir(f.rootId(), "Litmus");
        String token = link(f, folder, "edit").str("token");
        // no account: litmus's credentials are sent and ignored, the token in the URL authorises
        Litmus.passesEverySuite(api.base.resolve(dav(token, "")).toString(), "visitor", "unused");
    }

    private static void deleteQuietly(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
