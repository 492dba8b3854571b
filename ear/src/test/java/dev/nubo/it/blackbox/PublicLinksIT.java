package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Bin;
import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.SetCookie;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Public links end to end: the owner's API, anonymous info, listing, downloads with Range and ETag, ZIPs, passwords
 * with the signed unlock cookie and throttling, expiry, download limits, drop, view and edit links, IDOR, revocation
 * and the audit trail.
 */
@ExtendWith(SharedServer.class)
class PublicLinksIT {
    final Api api = SharedServer.api();

    private Res create(FilesClient f, long nodeId, String permission, Object... extra) {
        List<Object> fields = new ArrayList<>(List.of("nodeId", nodeId, "permission", permission));
        fields.addAll(Arrays.asList(extra));
        return f.as(api.post("/api/links")).json(MiniJson.obj(fields.toArray())).send();
    }

    private String token(Res link) {
        return link.str("token");
    }

    private Api.Req pub(String method, String token, String rest) {
        return api.method(method, "/api/public/links/" + token + rest);
    }

    private Res unlock(String token, String password) {
        return pub("POST", token, "/unlock")
                .json(MiniJson.obj("password", password))
                .send();
    }

    private static List<String> names(List<?> items) {
        return items.stream().map(o -> (String) ((Map<?, ?>) o).get("name")).toList();
    }

    private List<String> auditActions(FilesClient f, long linkId) {
        return f.as(api.get("/api/links/" + linkId + "/audit")).send().expect(200).list("").stream()
                .map(o -> (String) ((Map<?, ?>) o).get("action"))
                .toList();
    }

    @Test
    void fileLink_anonymousInfoAndDownload_withRangeEtagAndAudit() {
        FilesClient f = FilesClient.newUser(api, "lnkfile", null);
        byte[] data = FilesClient.random(10_000, 7);
        long file = f.uploadOk(f.rootId(), "report.pdf", data);
        Res link = create(f, file, "download", "label", "for Bob").expect(201);
        String token = token(link);
        assertThat(token).matches("[A-Za-z0-9_-]{22,}");
        assertThat(link.str("url")).endsWith("/s/" + token);
        assertThat(link.str("permission")).isEqualTo("download");
        assertThat(link.bool("passwordProtected")).isFalse();

        Res info = pub("GET", token, "").send().expect(200);
        assertThat(info.str("name")).isEqualTo("report.pdf");
        assertThat(info.str("kind")).isEqualTo("file");
        assertThat(info.bool("needsPassword")).isFalse();
        assertThat(info.str("owner")).isNotBlank();
        assertThat(info.num("rootId")).isEqualTo(file);

        Bin whole =
                pub("GET", token, "/items/" + file + "/content").sendForBytes().expect(200);
        assertThat(whole.body()).isEqualTo(data);
        assertThat(whole.header("Content-Disposition")).startsWith("attachment");
        String etag = whole.header("ETag");
        assertThat(etag).isNotBlank();
        Bin part = pub("GET", token, "/items/" + file + "/content")
                .header("Range", "bytes=100-199")
                .sendForBytes()
                .expect(206);
        assertThat(part.body()).isEqualTo(Arrays.copyOfRange(data, 100, 200));
        assertThat(part.header("Content-Range")).isEqualTo("bytes 100-199/10000");
        pub("GET", token, "/items/" + file + "/content")
                .header("If-None-Match", etag)
                .sendForBytes()
                .expect(304);
        // one download counted: the full GET; the range from byte 100 and the 304 are not downloads
        assertThat(f.as(api.get("/api/links?nodeId=" + file)).send().expect(200).num("0.downloadCount"))
                .isEqualTo(1);
        assertThat(auditActions(f, link.num("id"))).contains("link.create", "link.access");
    }

    @Test
    void folderLink_listsZipsAndNeverReachesOutside() throws IOException {
        FilesClient f = FilesClient.newUser(api, "lnkdir", null);
        long root = f.rootId();
        long shared = f.mkdir(root, "Shared");
        long sub = f.mkdir(shared, "Sub");
        long inner = f.uploadOk(sub, "inner.txt", "inner".getBytes(StandardCharsets.UTF_8));
        f.uploadOk(shared, "top.txt", "top".getBytes(StandardCharsets.UTF_8));
        long secret = f.uploadOk(root, "secret.txt", "secret".getBytes(StandardCharsets.UTF_8));
        String token = token(create(f, shared, "download").expect(201));

        Res top = pub("GET", token, "/items").send().expect(200);
        assertThat(top.str("folder.name")).isEqualTo("Shared");
        assertThat(names(top.list("entries"))).containsExactly("Sub", "top.txt");
        Res deeper = pub("GET", token, "/items?folderId=" + sub).send().expect(200);
        assertThat(names(deeper.list("path"))).containsExactly("Shared");
        assertThat(deeper.list("entries")).hasSize(1);
        assertThat(pub("GET", token, "/items/" + inner + "/content")
                        .sendForBytes()
                        .expect(200)
                        .body())
                .isEqualTo("inner".getBytes(StandardCharsets.UTF_8));

        // IDOR: the owner's other items, the parent, another user's items: all 404 through this link
        for (long outside : new long[] {secret, root}) {
            pub("GET", token, "/items/" + outside).send().expectError(404, "not_found");
            pub("GET", token, "/items?folderId=" + outside).send().expectError(404, "not_found");
            pub("GET", token, "/items/" + outside + "/content").send().expectError(404, "not_found");
            pub("GET", token, "/zip?ids=" + outside).send().expectError(404, "not_found");
        }

        Bin zip = pub("GET", token, "/zip").sendForBytes().expect(200);
        assertThat(zip.header("Content-Disposition")).contains("Shared.zip");
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip.body()))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                names.add(e.getName());
            }
        }
        assertThat(names).containsExactlyInAnyOrder("Shared/", "Shared/Sub/", "Shared/Sub/inner.txt", "Shared/top.txt");

        // an item in the trash is gone from the link; the link's folder in the trash kills the link
        f.trash(inner);
        pub("GET", token, "/items/" + inner + "/content").send().expectError(404, "not_found");
        f.trash(shared);
        pub("GET", token, "").send().expectError(404, "not_found");
    }

    @Test
    void passwordLink_needsTheCookie_whichOpensThatLinkOnly_andCannotBeForged() {
        FilesClient f = FilesClient.newUser(api, "lnkpw", null);
        long a = f.mkdir(f.rootId(), "A");
        long b = f.mkdir(f.rootId(), "B");
        long fileA = f.uploadOk(a, "a.txt", "alpha".getBytes(StandardCharsets.UTF_8));
        Res linkA = create(f, a, "download", "password", "open sesame").expect(201);
        assertThat(linkA.bool("passwordProtected")).isTrue();
        assertThat(linkA.body()).doesNotContain("open sesame");
        String tokenA = token(linkA);
        String tokenB =
                token(create(f, b, "download", "password", "open sesame").expect(201));

        Res info = pub("GET", tokenA, "").send().expect(200);
        assertThat(info.bool("needsPassword")).isTrue();
        assertThat(info.bool("unlocked")).isFalse();
        assertThat(info.has("rootId")).isFalse();
        pub("GET", tokenA, "/items").send().expectError(401, "password_required");
        pub("GET", tokenA, "/items/" + fileA + "/content").send().expectError(401, "password_required");
        unlock(tokenA, "wrong").expectError(403, "wrong_password");

        Res ok = unlock(tokenA, "open sesame").expect(204);
        SetCookie cookie = ok.cookies().get("nubo_link");
        assertThat(cookie).isNotNull();
        assertThat(cookie.flag("HttpOnly")).isTrue();
        assertThat(cookie.attr("SameSite")).isEqualToIgnoringCase("Strict");
        assertThat(cookie.attr("Path")).isEqualTo("/api/public/links/" + tokenA);
        assertThat(cookie.flag("Secure")).isFalse();
        assertThat(pub("GET", tokenA, "/items")
                        .cookie("nubo_link", cookie.value())
                        .send()
                        .expect(200)
                        .list("entries"))
                .hasSize(1);
        assertThat(pub("GET", tokenA, "")
                        .cookie("nubo_link", cookie.value())
                        .send()
                        .bool("unlocked"))
                .isTrue();
        assertThat(pub("GET", tokenA, "/items/" + fileA + "/content")
                        .cookie("nubo_link", cookie.value())
                        .sendForBytes()
                        .expect(200)
                        .body())
                .isEqualTo("alpha".getBytes(StandardCharsets.UTF_8));

        // the cookie of link A does not open link B, even with the same password
        pub("GET", tokenB, "/items").cookie("nubo_link", cookie.value()).send().expectError(401, "password_required");
        // tampered: a later expiry, another link id, a flipped MAC character
        String[] parts = cookie.value().split("\\.");
        String mac = parts[2];
        for (String forged : List.of(
                parts[0] + "." + (Long.parseLong(parts[1]) + 86_400) + "." + mac,
                (Long.parseLong(parts[0]) + 1) + "." + parts[1] + "." + mac,
                parts[0] + "." + parts[1] + "." + (mac.charAt(0) == 'A' ? 'B' : 'A') + mac.substring(1),
                "garbage")) {
            pub("GET", tokenA, "/items").cookie("nubo_link", forged).send().expectError(401, "password_required");
        }
        // a new password kills the old cookie
        f.as(api.patch("/api/links/" + linkA.num("id")))
                .json(MiniJson.obj("password", "another one"))
                .send()
                .expect(200);
        pub("GET", tokenA, "/items").cookie("nubo_link", cookie.value()).send().expectError(401, "password_required");
        assertThat(auditActions(f, linkA.num("id"))).contains("link.password_failed", "link.access", "link.update");
    }

    @Test
    void wrongPasswords_areThrottledPerLinkAndAddress() {
        FilesClient f = FilesClient.newUser(api, "lnkthr", null);
        long folder = f.mkdir(f.rootId(), "T");
        String token = token(create(f, folder, "view", "password", "right-one").expect(201));
        for (int i = 0; i < 5; i++) {
            unlock(token, "guess-" + i).expectError(403, "wrong_password");
        }
        Res throttled = unlock(token, "guess-6").expectError(429, "too_many_attempts");
        assertThat(Long.parseLong(throttled.header("Retry-After"))).isPositive();
        // while throttled even the right password is not checked
        unlock(token, "right-one").expectError(429, "too_many_attempts");
    }

    @Test
    void expiredLink_isDead_evenWithAValidCookieOrTheRightPassword() throws InterruptedException {
        FilesClient f = FilesClient.newUser(api, "lnkexp", null);
        long folder = f.mkdir(f.rootId(), "E");
        Instant soon = Instant.now().plusSeconds(3);
        String token = token(create(f, folder, "view", "password", "pw-expiring", "expiresAt", soon.toString())
                .expect(201));
        String cookie = unlock(token, "pw-expiring")
                .expect(204)
                .cookies()
                .get("nubo_link")
                .value();
        pub("GET", token, "/items").cookie("nubo_link", cookie).send().expect(200);
        Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis()) + 500);
        pub("GET", token, "").send().expectError(404, "not_found");
        pub("GET", token, "/items").cookie("nubo_link", cookie).send().expectError(404, "not_found");
        unlock(token, "pw-expiring").expectError(404, "not_found");
    }

    @Test
    void downloadLimit_countsWholeDownloads_thenTheLinkIsDead() {
        FilesClient f = FilesClient.newUser(api, "lnklim", null);
        byte[] data = FilesClient.random(5_000, 3);
        long file = f.uploadOk(f.rootId(), "twice.bin", data);
        Res link = create(f, file, "download", "downloadLimit", 2).expect(201);
        String token = token(link);
        String path = "/items/" + file + "/content";
        pub("GET", token, path).header("Range", "bytes=1000-").sendForBytes().expect(206);
        pub("HEAD", token, path).sendForBytes().expect(200);
        pub("GET", token, path).sendForBytes().expect(200);
        pub("GET", token, path).header("Range", "bytes=0-99").sendForBytes().expect(206);
        assertThat(f.as(api.get("/api/links?nodeId=" + file)).send().num("0.downloadCount"))
                .isEqualTo(2);
        pub("GET", token, path).send().expectError(404, "not_found");
        pub("GET", token, "").send().expectError(404, "not_found");
    }

    @Test
    void dropLink_acceptsUploads_keepsBoth_andShowsNothing() {
        FilesClient f = FilesClient.newUser(api, "lnkdrop", null);
        long inbox = f.mkdir(f.rootId(), "Inbox");
        f.uploadOk(inbox, "existing.txt", "private".getBytes(StandardCharsets.UTF_8));
        long file = f.uploadOk(f.rootId(), "file.txt", "x".getBytes(StandardCharsets.UTF_8));
        create(f, file, "drop").expectError(409, "not_a_folder");
        String token = token(create(f, inbox, "drop").expect(201));

        Res up = pub("POST", token, "/upload?name=" + URLEncoder.encode("existing.txt", StandardCharsets.UTF_8))
                .bytes("application/octet-stream", "dropped".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(201);
        assertThat(up.str("name")).isEqualTo("existing (1).txt");
        assertThat(up.has("id")).isFalse();
        assertThat(f.names(inbox)).containsExactlyInAnyOrder("existing.txt", "existing (1).txt");

        pub("GET", token, "/items").send().expectError(403, "not_allowed");
        pub("GET", token, "/zip").send().expectError(403, "not_allowed");
        Res info = pub("GET", token, "").send().expect(200);
        assertThat(info.str("permission")).isEqualTo("drop");
    }

    @Test
    void dropUploads_areChargedToTheOwnersQuota() {
        FilesClient f = FilesClient.newUser(api, "lnkquota", 1_000L);
        long inbox = f.mkdir(f.rootId(), "Inbox");
        String token = token(create(f, inbox, "drop").expect(201));
        pub("POST", token, "/upload?name=big.bin")
                .bytes("application/octet-stream", new byte[2_000])
                .send()
                .expectError(507, "quota_exceeded");
        assertThat(f.names(inbox)).isEmpty();
        pub("POST", token, "/upload?name=small.bin")
                .bytes("application/octet-stream", new byte[500])
                .send()
                .expect(201);
        assertThat(f.usage().num("usedBytes")).isEqualTo(500);
    }

    @Test
    void viewLink_showsInline_butRefusesAttachmentsAndZips() {
        FilesClient f = FilesClient.newUser(api, "lnkview", null);
        long folder = f.mkdir(f.rootId(), "V");
        long text = f.uploadOk(folder, "note.txt", "hello".getBytes(StandardCharsets.UTF_8));
        long bin = f.uploadOk(folder, "data.bin", new byte[] {1, 2, 3});
        String token = token(create(f, folder, "view").expect(201));
        Bin inline = pub("GET", token, "/items/" + text + "/content?disposition=inline")
                .sendForBytes()
                .expect(200);
        assertThat(inline.header("Content-Disposition")).startsWith("inline");
        pub("GET", token, "/items/" + text + "/content").send().expectError(403, "download_not_allowed");
        pub("GET", token, "/items/" + text + "/content?disposition=attachment")
                .send()
                .expectError(403, "download_not_allowed");
        pub("GET", token, "/items/" + bin + "/content?disposition=inline")
                .send()
                .expectError(403, "download_not_allowed");
        pub("GET", token, "/zip").send().expectError(403, "not_allowed");
        pub("POST", token, "/upload?name=x.txt")
                .bytes("text/plain", new byte[] {1})
                .send()
                .expectError(403, "not_allowed");
    }

    @Test
    void editLink_uploadsRenamesCreatesAndDeletesBelowItsFolderOnly() {
        FilesClient f = FilesClient.newUser(api, "lnkedit", null);
        long folder = f.mkdir(f.rootId(), "Team");
        String token = token(create(f, folder, "edit").expect(201));
        long up = pub("POST", token, "/upload?name=a.txt")
                .bytes("text/plain", "a".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(201)
                .num("id");
        long made = pub("POST", token, "/items/" + folder + "/folders")
                .json(MiniJson.obj("name", "New"))
                .send()
                .expect(201)
                .num("id");
        pub("PATCH", token, "/items/" + up)
                .json(MiniJson.obj("name", "b.txt"))
                .send()
                .expect(200);
        pub("DELETE", token, "/items/" + made).send().expect(204);
        assertThat(f.names(folder)).containsExactly("b.txt");
        assertThat(names(f.trashed())).contains("New");
        pub("PATCH", token, "/items/" + folder)
                .json(MiniJson.obj("name", "X"))
                .send()
                .expectError(409, "link_root");
        pub("DELETE", token, "/items/" + folder).send().expectError(409, "link_root");
        pub("DELETE", token, "/items/" + f.rootId()).send().expectError(404, "not_found");
    }

    @Test
    void ownerApi_othersLinksAre404_badInputIs400_revokeIsImmediate() {
        FilesClient owner = FilesClient.newUser(api, "lnkown", null);
        FilesClient other = FilesClient.newUser(api, "lnkoth", null);
        long folder = owner.mkdir(owner.rootId(), "Mine");
        Res link = create(owner, folder, "view").expect(201);
        long id = link.num("id");
        String token = token(link);

        other.as(api.patch("/api/links/" + id))
                .json(MiniJson.obj("label", "x"))
                .send()
                .expectError(404, "not_found");
        other.as(api.delete("/api/links/" + id)).send().expectError(404, "not_found");
        other.as(api.get("/api/links/" + id + "/audit")).send().expectError(404, "not_found");
        other.as(api.get("/api/links?nodeId=" + folder)).send().expectError(404, "not_found");
        create(other, folder, "view").expectError(404, "not_found");
        assertThat(other.as(api.get("/api/links")).send().expect(200).list("")).isEmpty();

        create(owner, folder, "admin").expectError(400, "invalid_request");
        create(owner, folder, "view", "expiresAt", "2001-01-01T00:00:00Z").expectError(400, "invalid_request");
        create(owner, folder, "view", "expiresAt", "tomorrow").expectError(400, "invalid_request");
        create(owner, folder, "view", "downloadLimit", 0).expectError(400, "invalid_request");
        create(owner, folder, "view", "colour", "red").expectError(400, "invalid_request");
        create(owner, owner.rootId(), "view").expectError(409, "root_not_shareable");
        owner.as(api.patch("/api/links/" + id))
                .json(MiniJson.obj("permission", null))
                .send()
                .expectError(400, "invalid_request");
        assertThat(owner.as(api.get("/api/links")).send().expect(200).list("")).hasSize(1);

        Res changed = owner.as(api.patch("/api/links/" + id))
                .json(MiniJson.obj("permission", "download", "downloadLimit", 5, "label", "L"))
                .send()
                .expect(200);
        assertThat(changed.str("permission")).isEqualTo("download");
        assertThat(changed.num("downloadLimit")).isEqualTo(5);
        changed = owner.as(api.patch("/api/links/" + id))
                .json(MiniJson.obj("downloadLimit", null))
                .send()
                .expect(200);
        assertThat(changed.has("downloadLimit")).isFalse();

        pub("GET", token, "").send().expect(200);
        owner.as(api.delete("/api/links/" + id)).send().expect(204);
        pub("GET", token, "").send().expectError(404, "not_found");
        pub("GET", token, "/items").send().expectError(404, "not_found");
        pub("GET", "not-a-token", "").send().expectError(404, "not_found");
        pub("GET", "AAAAAAAAAAAAAAAAAAAAAAAA", "").send().expectError(404, "not_found");
    }
}
