package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.TestUser;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Nextcloud dialect over HTTP: status.php, the OCS envelopes, the oc:/nc: properties, the PUT headers
 * (X-OC-MTime, OC-Checksum, OC-ETag, OC-FileId), favorites, and chunked uploads (assembly, resume, quota).
 */
@ExtendWith(SharedServer.class)
class NextcloudIT {
    static final String OC = "http://owncloud.org/ns";
    static final String NC = "http://nextcloud.org/ns";
    static final String PROPS = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"" + OC
            + "\" xmlns:nc=\"" + NC + "\"><d:prop><d:getetag/><d:resourcetype/><oc:fileid/><oc:id/>"
            + "<oc:permissions/><oc:size/><oc:checksums/><oc:favorite/><oc:owner-id/><oc:owner-display-name/>"
            + "<oc:data-fingerprint/><nc:has-preview/><nc:creation_time/><nc:upload_time/><oc:no-such/>"
            + "</d:prop></d:propfind>";

    final Api api = SharedServer.api();

    static String files(TestUser u) {
        return "/nextcloud/remote.php/dav/files/" + u.username() + "/";
    }

    static String uploads(TestUser u) {
        return "/nextcloud/remote.php/dav/uploads/" + u.username() + "/";
    }

    static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    @Test
    void statusPhp_answersWithoutCredentials() {
        Api.Res r = api.get("/nextcloud/status.php").send().expect(200);
        assertThat(r.bool("installed")).isTrue();
        assertThat(r.bool("maintenance")).isFalse();
        assertThat(r.bool("needsDbUpgrade")).isFalse();
        assertThat(r.str("version")).matches("\\d+\\.\\d+\\.\\d+\\.\\d+");
        assertThat(r.str("versionstring")).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(r.str("productname")).isEqualTo("Nubo");
    }

    @Test
    @SuppressWarnings("unchecked")
    void ocs_envelopesInJsonAndXml_andV1VersusV2Codes() {
        TestUser u = api.newUser("ocs");
        api.get("/nextcloud/ocs/v2.php/cloud/user?format=json").send().expect(401);

        Api.Res v2 = api.get("/nextcloud/ocs/v2.php/cloud/user?format=json")
                .basic(u)
                .header("OCS-APIRequest", "true")
                .send()
                .expect(200);
        assertThat(v2.str("ocs.meta.status")).isEqualTo("ok");
        assertThat(v2.num("ocs.meta.statuscode")).isEqualTo(200);
        assertThat(v2.str("ocs.data.id")).isEqualTo(u.username());
        assertThat(v2.num("ocs.data.quota.used")).isZero();

        Api.Res v1 = api.get("/nextcloud/ocs/v1.php/cloud/capabilities")
                .basic(u)
                .header("Accept", "application/json")
                .send()
                .expect(200);
        assertThat(v1.num("ocs.meta.statuscode")).isEqualTo(100);
        assertThat(v1.str("ocs.data.capabilities.dav.chunking")).isEqualTo("1.0");
        assertThat(v1.bool("ocs.data.capabilities.files.bigfilechunking")).isTrue();
        assertThat((List<Object>) v1.list("ocs.data.capabilities.checksums.supportedTypes"))
                .containsExactly("SHA256");

        Api.Res xml = api.get("/nextcloud/ocs/v1.php/cloud/capabilities")
                .basic(u)
                .send()
                .expect(200);
        assertThat(xml.header("Content-Type")).startsWith("application/xml");
        DavXmlDoc doc = DavXmlDoc.parse(xml.body());
        assertThat(doc.first("*", "statuscode")).isEqualTo("100");
        assertThat(doc.first("*", "chunking")).isEqualTo("1.0");

        Api.Res missing = api.get("/nextcloud/ocs/v2.php/cloud/nothing?format=json")
                .basic(u)
                .send()
                .expect(404);
        assertThat(missing.num("ocs.meta.statuscode")).isEqualTo(404);
        Api.Res missingV1 = api.get("/nextcloud/ocs/v1.php/cloud/nothing?format=json")
                .basic(u)
                .send()
                .expect(200);
        assertThat(missingV1.num("ocs.meta.statuscode")).isEqualTo(998);

        Api.Res shares = api.get("/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json")
                .basic(u)
                .send()
                .expect(200);
        assertThat(shares.list("ocs.data")).isEmpty();
    }

    @Test
    void cloudUsers_showsOnesOwnQuota_andHidesOtherUsers() {
        TestUser u = api.newUser("ocsq", "quotaBytes", 1_000_000);
        TestUser other = api.newUser("ocsother");
        api.put(files(u) + "q.bin")
                .basic(u)
                .bytes("application/octet-stream", new byte[1000])
                .send()
                .expect(201);

        Api.Res me = api.get("/nextcloud/ocs/v1.php/cloud/users/" + u.username() + "?format=json")
                .basic(u)
                .send()
                .expect(200);
        assertThat(me.num("ocs.data.quota.quota")).isEqualTo(1_000_000);
        assertThat(me.num("ocs.data.quota.used")).isEqualTo(1000);
        assertThat(me.num("ocs.data.quota.free")).isEqualTo(999_000);

        Api.Res hidden = api.get("/nextcloud/ocs/v2.php/cloud/users/" + other.username() + "?format=json")
                .basic(u)
                .send()
                .expect(404);
        assertThat(hidden.body()).doesNotContain(other.id());
        Api.Res byAdmin = api.asAdmin(api.get("/nextcloud/ocs/v2.php/cloud/users/" + u.username() + "?format=json"))
                .send()
                .expect(200);
        assertThat(byAdmin.num("ocs.data.quota.used")).isEqualTo(1000);
    }

    @Test
    void propfind_givesTheDialectsProperties_andPutHonoursMtimeAndChecksum() throws Exception {
        TestUser u = api.newUser("ncprops");
        byte[] data = "hello nextcloud".getBytes(StandardCharsets.UTF_8);
        api.method("MKCOL", files(u) + "Docs").basic(u).send().expect(201);
        Api.Res put = api.put(files(u) + "Docs/a%20%23b.txt")
                .basic(u)
                .header("X-OC-MTime", "1700000000")
                .header("OC-Checksum", "SHA1:0123456789abcdef0123456789abcdef01234567 SHA256:" + sha256(data))
                .bytes("text/plain", data)
                .send()
                .expect(201);
        assertThat(put.header("X-OC-MTime")).isEqualTo("accepted");
        assertThat(put.header("OC-ETag")).isEqualTo(put.header("ETag")).startsWith("\"");
        assertThat(put.header("OC-FileId")).matches("\\d{8,}ocnubo");

        Api.Res r = api.method("PROPFIND", files(u) + "Docs/")
                .basic(u)
                .header("Depth", "1")
                .body("application/xml", PROPS)
                .send()
                .expect(207);
        List<DavXmlDoc.Response> all = DavXmlDoc.parse(r.body()).responses();
        assertThat(all).hasSize(2);
        DavXmlDoc.Response folder = all.get(0);
        DavXmlDoc.Response file = all.get(1);
        assertThat(file.href()).isEqualTo(files(u) + "Docs/a%20%23b.txt");
        assertThat(folder.prop(OC, "permissions")).isEqualTo("RGDNVCK");
        assertThat(file.prop(OC, "permissions")).isEqualTo("RGDNVW");
        assertThat(folder.prop(OC, "size")).isEqualTo(String.valueOf(data.length));
        assertThat(file.prop(OC, "id")).isEqualTo(put.header("OC-FileId"));
        assertThat(file.prop(OC, "id")).startsWith(String.format("%08d", Long.parseLong(file.prop(OC, "fileid"))));
        assertThat(file.prop(OC, "checksums").strip()).isEqualTo("SHA256:" + sha256(data));
        assertThat(file.prop(OC, "favorite")).isEqualTo("0");
        assertThat(file.prop(OC, "owner-id")).isEqualTo(u.username());
        assertThat(file.prop(NC, "has-preview")).isEqualTo("false");
        assertThat(file.prop(DavXmlDoc.DAV, "getetag")).isEqualTo(put.header("ETag"));
        assertThat(file.props()).doesNotContainKey("{" + OC + "}no-such");
        assertThat(r.body()).contains("404");

        Api.Res head = api.method("PROPFIND", files(u) + "Docs/a%20%23b.txt")
                .basic(u)
                .header("Depth", "0")
                .body(
                        "application/xml",
                        "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getlastmodified/></d:prop></d:propfind>")
                .send()
                .expect(207);
        assertThat(DavXmlDoc.parse(head.body()).only().prop(DavXmlDoc.DAV, "getlastmodified"))
                .isEqualTo("Tue, 14 Nov 2023 22:13:20 GMT");

        // the legacy root shows the same tree
        Api.Res legacy = api.method("PROPFIND", "/nextcloud/remote.php/webdav/Docs/a%20%23b.txt")
                .basic(u)
                .header("Depth", "0")
                .body("application/xml", PROPS)
                .send()
                .expect(207);
        assertThat(DavXmlDoc.parse(legacy.body()).only().prop(OC, "fileid")).isEqualTo(file.prop(OC, "fileid"));
    }

    @Test
    void aWrongChecksumOrMtimeIsRefused_andNothingIsStored() {
        TestUser u = api.newUser("ncbad");
        api.put(files(u) + "x.txt")
                .basic(u)
                .header("OC-Checksum", "SHA256:" + "0".repeat(64))
                .bytes("text/plain", "data".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(400);
        api.put(files(u) + "y.txt")
                .basic(u)
                .header("X-OC-MTime", "yesterday")
                .bytes("text/plain", "data".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(400);
        api.method("PROPFIND", files(u) + "x.txt")
                .basic(u)
                .header("Depth", "0")
                .send()
                .expect(404);
        api.method("PROPFIND", files(u) + "y.txt")
                .basic(u)
                .header("Depth", "0")
                .send()
                .expect(404);
    }

    @Test
    void anotherUsersTreeIsNotFound() {
        TestUser u = api.newUser("ncown");
        TestUser other = api.newUser("ncother");
        api.method("PROPFIND", files(other))
                .basic(u)
                .header("Depth", "0")
                .send()
                .expect(404);
        api.put(files(other) + "x")
                .basic(u)
                .bytes("text/plain", new byte[1])
                .send()
                .expect(404);
        api.method("MKCOL", uploads(other) + "t1").basic(u).send().expect(404);
    }

    @Test
    void favorites_setByProppatch_listedByTheFilterFilesReport() {
        TestUser u = api.newUser("ncfav");
        api.method("MKCOL", files(u) + "Star%20Dir").basic(u).send().expect(201);
        api.put(files(u) + "Star%20Dir/s.txt")
                .basic(u)
                .bytes("text/plain", new byte[3])
                .send()
                .expect(201);
        api.put(files(u) + "plain.txt")
                .basic(u)
                .bytes("text/plain", new byte[3])
                .send()
                .expect(201);
        String star = "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:oc=\"" + OC + "\"><d:set><d:prop>"
                + "<oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>";
        api.method("PROPPATCH", files(u) + "Star%20Dir/s.txt")
                .basic(u)
                .body("application/xml", star)
                .send()
                .expect(207);
        api.method("PROPPATCH", files(u) + "Star%20Dir/")
                .basic(u)
                .body("application/xml", star)
                .send()
                .expect(207);

        String report = "<oc:filter-files xmlns:d=\"DAV:\" xmlns:oc=\"" + OC + "\"><d:prop><oc:fileid/>"
                + "<oc:favorite/><d:resourcetype/></d:prop><oc:filter-rules><oc:favorite>1</oc:favorite>"
                + "</oc:filter-rules></oc:filter-files>";
        Api.Res r = api.method("REPORT", files(u))
                .basic(u)
                .body("application/xml", report)
                .send()
                .expect(207);
        List<DavXmlDoc.Response> all = DavXmlDoc.parse(r.body()).responses();
        assertThat(all)
                .extracting(DavXmlDoc.Response::href)
                .containsExactlyInAnyOrder(files(u) + "Star%20Dir/", files(u) + "Star%20Dir/s.txt");
        assertThat(all).allSatisfy(x -> assertThat(x.prop(OC, "favorite")).isEqualTo("1"));

        // the star is the same one the REST API shows
        Api.Res rest = api.get("/api/favorites").basic(u).send().expect(200);
        assertThat(rest.body()).contains("s.txt").doesNotContain("plain.txt");

        String unstar = "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:oc=\"" + OC + "\"><d:remove><d:prop>"
                + "<oc:favorite/></d:prop></d:remove></d:propertyupdate>";
        api.method("PROPPATCH", files(u) + "Star%20Dir/")
                .basic(u)
                .body("application/xml", unstar)
                .send()
                .expect(207);
        Api.Res after = api.method("REPORT", files(u))
                .basic(u)
                .body("application/xml", report)
                .send()
                .expect(207);
        assertThat(DavXmlDoc.parse(after.body()).responses())
                .extracting(DavXmlDoc.Response::href)
                .containsExactly(files(u) + "Star%20Dir/s.txt");

        String otherRule = report.replace(
                "<oc:favorite>1</oc:favorite></oc:filter-rules>", "<oc:systemtag>4</oc:systemtag></oc:filter-rules>");
        api.method("REPORT", files(u))
                .basic(u)
                .body("application/xml", otherRule)
                .send()
                .expect(400);
    }

    @Test
    void chunkedUpload_assemblesInNumericOrder_resumes_andOverwrites() throws Exception {
        TestUser u = api.newUser("ncchunk");
        byte[] a = FilesClient.random(700_000, 11);
        byte[] b = FilesClient.random(700_000, 12);
        byte[] c = FilesClient.random(123, 13);
        byte[] whole = new byte[a.length + b.length + c.length];
        System.arraycopy(a, 0, whole, 0, a.length);
        System.arraycopy(b, 0, whole, a.length, b.length);
        System.arraycopy(c, 0, whole, a.length + b.length, c.length);
        String t = uploads(u) + "transfer-1";
        String dest = api.base.resolve(files(u) + "big%20one.bin").toString();
        api.method("MKCOL", t)
                .basic(u)
                .header("Destination", dest)
                .header("OC-Total-Length", "" + whole.length)
                .send()
                .expect(201);
        api.method("MKCOL", t).basic(u).send().expect(405);
        // sent out of order, the last one first; names are numbers, not strings ("10" after "9")
        api.put(t + "/10").basic(u).bytes("application/octet-stream", c).send().expect(201);
        api.put(t + "/1").basic(u).bytes("application/octet-stream", a).send().expect(201);

        // an interruption: the client lists what arrived and sends the rest
        Api.Res listing =
                api.method("PROPFIND", t).basic(u).header("Depth", "1").send().expect(207);
        List<DavXmlDoc.Response> chunks = DavXmlDoc.parse(listing.body()).responses();
        assertThat(chunks).extracting(DavXmlDoc.Response::href).containsExactly(t + "/", t + "/1", t + "/10");
        assertThat(chunks.get(1).prop(DavXmlDoc.DAV, "getcontentlength")).isEqualTo("" + a.length);
        api.put(t + "/9").basic(u).bytes("application/octet-stream", b).send().expect(201);

        // a wrong total refuses the assembly and keeps the chunks
        api.method("MOVE", t + "/.file")
                .basic(u)
                .header("Destination", dest)
                .header("OC-Total-Length", "5")
                .send()
                .expect(400);
        Api.Res moved = api.method("MOVE", t + "/.file")
                .basic(u)
                .header("Destination", dest)
                .header("OC-Total-Length", "" + whole.length)
                .header("X-OC-MTime", "1600000000")
                .header("OC-Checksum", "SHA256:" + sha256(whole))
                .send()
                .expect(201);
        assertThat(moved.header("OC-FileId")).matches("\\d{8,}ocnubo");
        assertThat(moved.header("OC-ETag")).isNotBlank();
        assertThat(moved.header("X-OC-MTime")).isEqualTo("accepted");
        assertThat(api.get(files(u) + "big%20one.bin")
                        .basic(u)
                        .sendForBytes()
                        .expect(200)
                        .body())
                .isEqualTo(whole);
        api.method("PROPFIND", t).basic(u).header("Depth", "0").send().expect(404);

        // a second transfer onto the same name replaces the file, keeping its id
        String t2 = uploads(u) + "transfer-2";
        api.method("MKCOL", t2).basic(u).send().expect(201);
        api.put(t2 + "/00001")
                .basic(u)
                .bytes("application/octet-stream", c)
                .send()
                .expect(201);
        Api.Res replaced = api.method("MOVE", t2 + "/.file")
                .basic(u)
                .header("Destination", dest)
                .send()
                .expect(204);
        assertThat(replaced.header("OC-FileId")).isEqualTo(moved.header("OC-FileId"));
        assertThat(api.get(files(u) + "big%20one.bin")
                        .basic(u)
                        .sendForBytes()
                        .expect(200)
                        .body())
                .isEqualTo(c);

        // a checksum that does not match stores nothing
        String t3 = uploads(u) + "transfer-3";
        api.method("MKCOL", t3).basic(u).send().expect(201);
        api.put(t3 + "/1").basic(u).bytes("application/octet-stream", a).send().expect(201);
        api.method("MOVE", t3 + "/.file")
                .basic(u)
                .header("Destination", api.base.resolve(files(u) + "bad.bin").toString())
                .header("OC-Checksum", "SHA256:" + sha256(b))
                .send()
                .expect(400);
        api.method("PROPFIND", files(u) + "bad.bin")
                .basic(u)
                .header("Depth", "0")
                .send()
                .expect(404);
        api.method("DELETE", t3).basic(u).send().expect(204);
        api.method("PROPFIND", t3).basic(u).header("Depth", "0").send().expect(404);
    }

    @Test
    void chunkedUpload_quotaIsCheckedUpFront_andBadNamesAreRefused() {
        TestUser u = api.newUser("ncquota", "quotaBytes", 100_000);
        String t = uploads(u) + "q1";
        api.method("MKCOL", t)
                .basic(u)
                .header("OC-Total-Length", "200000")
                .send()
                .expect(507);
        api.method("MKCOL", t).basic(u).send().expect(201);
        api.put(t + "/1")
                .basic(u)
                .header("OC-Total-Length", "200000")
                .bytes("application/octet-stream", new byte[10])
                .send()
                .expect(507);
        api.put(t + "/1")
                .basic(u)
                .bytes("application/octet-stream", new byte[60_000])
                .send()
                .expect(201);
        api.put(t + "/2")
                .basic(u)
                .bytes("application/octet-stream", new byte[60_000])
                .send()
                .expect(507);
        api.put(t + "/1.5")
                .basic(u)
                .bytes("application/octet-stream", new byte[1])
                .send()
                .expect(400);
        api.put(t + "/abc")
                .basic(u)
                .bytes("application/octet-stream", new byte[1])
                .send()
                .expect(400);
        api.method("MKCOL", uploads(u) + "..%2Fescape").basic(u).send().expect(400);
        api.method("MOVE", t + "/.file")
                .basic(u)
                .header("Destination", "http://127.0.0.1/elsewhere/x.bin")
                .send()
                .expect(502);
    }

    @Test
    void loginFlowV2_grantsAnAppPasswordOnce_listedAndRevocable() {
        TestUser u = api.newUser("ncflow");
        Api.Res started = api.post("/nextcloud/index.php/login/v2")
                .header("User-Agent", "Mozilla/5.0 (Linux) mirall/3.7.3 <script>")
                .send()
                .expect(200);
        String poll = started.str("poll.token");
        String endpoint = started.str("poll.endpoint");
        String login = started.str("login");
        assertThat(poll).hasSizeGreaterThanOrEqualTo(43); // 256 bits, base64url
        assertThat(endpoint)
                .isEqualTo(
                        api.base.resolve("/nextcloud/index.php/login/v2/poll").toString());
        assertThat(login)
                .startsWith(
                        api.base.resolve("/nextcloud/index.php/login/v2/flow/").toString());
        String page = java.net.URI.create(login).getPath();

        Api.Res form = api.get(page).send().expect(200);
        assertThat(form.header("Content-Type")).startsWith("text/html");
        assertThat(form.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(form.body()).contains("<form", "mirall/3.7.3 &lt;script&gt;").doesNotContain("<script>");

        // nothing to collect before the grant, and a wrong password grants nothing
        api.post("/nextcloud/index.php/login/v2/poll")
                .body("application/x-www-form-urlencoded", "token=" + poll)
                .send()
                .expect(404);
        api.post(page)
                .body("application/x-www-form-urlencoded", "user=" + u.username() + "&password=wrong")
                .send()
                .expect(401);
        api.post("/nextcloud/index.php/login/v2/poll")
                .body("application/x-www-form-urlencoded", "token=" + poll)
                .send()
                .expect(404);

        api.post(page)
                .body("application/x-www-form-urlencoded", "user=" + u.username() + "&password=" + u.password())
                .send()
                .expect(200);
        api.get(page).send().expect(404); // used
        Api.Res granted = api.post("/nextcloud/index.php/login/v2/poll")
                .body("application/x-www-form-urlencoded", "token=" + poll)
                .send()
                .expect(200);
        assertThat(granted.str("server"))
                .isEqualTo(api.base.resolve("/nextcloud").toString());
        assertThat(granted.str("loginName")).isEqualTo(u.username());
        String appPassword = granted.str("appPassword");
        assertThat(appPassword).isNotBlank().isNotEqualTo(u.password());
        api.post("/nextcloud/index.php/login/v2/poll")
                .body("application/x-www-form-urlencoded", "token=" + poll)
                .send()
                .expect(404); // exactly once

        api.method("PROPFIND", files(u))
                .basic(u.username(), appPassword)
                .header("Depth", "0")
                .send()
                .expect(207);
        Api.Res listed = api.get("/api/auth/app-passwords").basic(u).send().expect(200);
        assertThat(listed.body()).contains("mirall/3.7.3");
        String id = null;
        for (Object o : listed.list("")) {
            if (String.valueOf(MiniJson.at(o, "label")).contains("mirall")) {
                id = (String) MiniJson.at(o, "id");
            }
        }
        assertThat(id).isNotNull();
        api.delete("/api/auth/app-passwords/" + id).basic(u).send().expect(204);
        api.method("PROPFIND", files(u))
                .basic(u.username(), appPassword)
                .header("Depth", "0")
                .send()
                .expect(401);
    }

    @Test
    void loginFlowV2_unknownTokensAndWrongMethodsAreRefused() {
        api.get("/nextcloud/index.php/login/v2/flow/not-a-token").send().expect(404);
        api.post("/nextcloud/login/v2/poll")
                .body("application/x-www-form-urlencoded", "token=forged")
                .send()
                .expect(404);
        api.get("/nextcloud/index.php/login/v2").send().expect(405);
        api.post("/nextcloud/index.php/login/v2/poll").send().expect(404);
    }

    @Test
    void theBareHostRedirectsTheClientsPathsToNextcloud_keepingTheMethod() {
        for (String path : List.of(
                "/status.php",
                "/ocs/v1.php/cloud/capabilities?format=json",
                "/remote.php/dav/files/x/a%20b.txt",
                "/remote.php/webdav/",
                "/index.php/login/v2")) {
            Api.Res r = api.method("PROPFIND", path).send().expect(308);
            assertThat(r.header("Location")).isEqualTo("/nextcloud" + path);
        }
        api.get("/index.php/other").send();
        assertThat(api.get("/api/health").send().status()).isEqualTo(200);
    }

    @Test
    void trashbin_listsRestoresAndPurges_andVersionsAreAnEmptyCollection() {
        TestUser u = api.newUser("nctrash");
        TestUser other = api.newUser("nctrash2");
        String trash = "/nextcloud/remote.php/dav/trashbin/" + u.username() + "/trash/";
        String restore = "/nextcloud/remote.php/dav/trashbin/" + u.username() + "/restore/";
        api.method("MKCOL", files(u) + "Docs").basic(u).send().expect(201);
        Api.Res put = api.put(files(u) + "Docs/r%20%231.txt")
                .basic(u)
                .bytes("text/plain", new byte[42])
                .send()
                .expect(201);
        String fileId = put.header("OC-FileId").replace("ocnubo", "").replaceFirst("^0+", "");
        long before = System.currentTimeMillis() / 1000;
        api.delete(files(u) + "Docs/r%20%231.txt").basic(u).send().expect(204);

        String ask = "<d:propfind xmlns:d=\"DAV:\" xmlns:nc=\"" + NC + "\" xmlns:oc=\"" + OC + "\"><d:prop>"
                + "<nc:trashbin-filename/><nc:trashbin-original-location/><nc:trashbin-deletion-time/>"
                + "<d:getcontentlength/><d:resourcetype/><oc:fileid/></d:prop></d:propfind>";
        Api.Res listed = api.method("PROPFIND", trash)
                .basic(u)
                .header("Depth", "1")
                .body("application/xml", ask)
                .send()
                .expect(207);
        List<DavXmlDoc.Response> items = DavXmlDoc.parse(listed.body()).responses();
        assertThat(items).hasSize(2);
        DavXmlDoc.Response item = items.get(1);
        assertThat(item.prop(NC, "trashbin-filename")).isEqualTo("r #1.txt");
        assertThat(item.prop(NC, "trashbin-original-location")).isEqualTo("Docs/r #1.txt");
        assertThat(Long.parseLong(item.prop(NC, "trashbin-deletion-time"))).isBetween(before - 5, before + 60);
        assertThat(item.prop(DavXmlDoc.DAV, "getcontentlength")).isEqualTo("42");
        assertThat(item.prop(OC, "fileid")).isEqualTo(fileId);

        // another user sees neither this trash nor the item
        api.method("PROPFIND", trash).basic(other).header("Depth", "1").send().expect(404);
        api.method("PROPFIND", item.href())
                .basic(other)
                .header("Depth", "0")
                .send()
                .expect(404);
        String otherItem = "/nextcloud/remote.php/dav/trashbin/" + other.username() + "/trash/x.d1." + fileId;
        api.delete(otherItem).basic(other).send().expect(404);

        String name = item.href().substring(item.href().lastIndexOf('/') + 1);
        api.method("MOVE", item.href())
                .basic(u)
                .header("Destination", api.base.resolve(files(u) + "elsewhere").toString())
                .send()
                .expect(403);
        api.method("MOVE", item.href())
                .basic(u)
                .header("Destination", api.base.resolve(restore + name).toString())
                .send()
                .expect(201);
        api.get(files(u) + "Docs/r%20%231.txt").basic(u).sendForBytes().expect(200);

        api.delete(files(u) + "Docs").basic(u).send().expect(204);
        Api.Res again = api.method("PROPFIND", trash)
                .basic(u)
                .header("Depth", "1")
                .body("application/xml", ask)
                .send()
                .expect(207);
        DavXmlDoc.Response folder = DavXmlDoc.parse(again.body()).responses().get(1);
        assertThat(folder.href()).endsWith("/");
        api.delete(folder.href()).basic(u).send().expect(204);
        assertThat(DavXmlDoc.parse(api.method("PROPFIND", trash)
                                .basic(u)
                                .header("Depth", "1")
                                .send()
                                .expect(207)
                                .body())
                        .responses())
                .hasSize(1);
        api.method("PROPFIND", folder.href())
                .basic(u)
                .header("Depth", "0")
                .send()
                .expect(404);

        // versions: an empty collection for one's own file, 404 for anything else
        api.put(files(u) + "v.txt")
                .basic(u)
                .bytes("text/plain", new byte[1])
                .send()
                .expect(201);
        String vid = api.method("PROPFIND", files(u) + "v.txt")
                .basic(u)
                .header("Depth", "0")
                .body("application/xml", PROPS)
                .send()
                .expect(207)
                .body();
        String id = DavXmlDoc.parse(vid).only().prop(OC, "fileid");
        String versions = "/nextcloud/remote.php/dav/versions/" + u.username() + "/versions/" + id;
        Api.Res v = api.method("PROPFIND", versions)
                .basic(u)
                .header("Depth", "1")
                .send()
                .expect(207);
        assertThat(DavXmlDoc.parse(v.body()).responses()).hasSize(1);
        api.method("PROPFIND", "/nextcloud/remote.php/dav/versions/" + other.username() + "/versions/" + id)
                .basic(other)
                .header("Depth", "1")
                .send()
                .expect(404);
    }

    @Test
    void previews_areDecidedAfterAuthorization_and404ForAFileWithoutThumbnail() {
        TestUser u = api.newUser("ncprev");
        TestUser other = api.newUser("ncprev2");
        Api.Res put = api.put(files(u) + "p.jpg")
                .basic(u)
                .bytes("image/jpeg", new byte[10])
                .send()
                .expect(201);
        String id = put.header("OC-FileId").replace("ocnubo", "").replaceFirst("^0+", "");
        for (String path : List.of("/nextcloud/index.php/core/preview", "/nextcloud/index.php/core/preview.png")) {
            api.get(path + "?fileId=" + id + "&x=64&y=64")
                    .header("If-None-Match", "*")
                    .send()
                    .expect(401);
            Api.Res none = api.get(path + "?fileId=" + id + "&x=64&y=64&a=1")
                    .basic(u)
                    .send()
                    .expect(404);
            assertThat(none.body()).contains("p.jpg");
            api.get(path + "?file=/p.jpg&x=32&y=32").basic(u).send().expect(404);
            Api.Res hidden = api.get(path + "?fileId=" + id + "&x=64&y=64")
                    .basic(other)
                    .send()
                    .expect(404);
            assertThat(hidden.body()).doesNotContain("p.jpg");
            api.get(path + "?fileId=abc").basic(u).send().expect(400);
            api.get(path + "?fileId=" + id + "&x=100000").basic(u).send().expect(400);
        }
    }

    @Test
    void avatars_arePngsWithAContentHashEtag_and304() throws Exception {
        TestUser u = api.newUser("ncavatar");
        api.get("/nextcloud/index.php/avatar/" + u.username() + "/64").send().expect(401);
        Api.Bin a = api.get("/nextcloud/index.php/avatar/" + u.username() + "/64")
                .basic(u)
                .sendForBytes()
                .expect(200);
        assertThat(a.header("Content-Type")).isEqualTo("image/png");
        assertThat(a.header("ETag"))
                .isEqualTo("\""
                        + HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-256").digest(a.body())) + "\"");
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(a.body()));
        assertThat(img.getWidth()).isEqualTo(64);
        assertThat(img.getHeight()).isEqualTo(64);
        api.get("/nextcloud/index.php/avatar/" + u.username() + "/64")
                .basic(u)
                .header("If-None-Match", a.header("ETag"))
                .send()
                .expect(304);
        Api.Bin big = api.get("/nextcloud/avatar/" + u.username() + "/512")
                .basic(u)
                .sendForBytes()
                .expect(200);
        assertThat(big.header("ETag")).isNotEqualTo(a.header("ETag"));
        Api.Bin someoneElse = api.get("/nextcloud/index.php/avatar/nobody-such/64")
                .basic(u)
                .sendForBytes()
                .expect(200);
        assertThat(someoneElse.header("ETag")).isNotEqualTo(a.header("ETag"));
        api.get("/nextcloud/index.php/avatar/" + u.username() + "/huge")
                .basic(u)
                .send()
                .expect(400);
    }
}
