package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Public links (share type 3) in Nextcloud's OCS sharing API, as the clients' share dialogs call it: what is created
 * there opens for visitors on the REST visitor API and over public WebDAV, changes of password, expiry and
 * permissions show on the visitor's side at once, deletion kills it, and nobody else can read, change or delete it.
 */
@ExtendWith(SharedServer.class)
class NextcloudLinkSharesIT {
    static final String SHARES = "/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/shares";

    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient other;
    long projects;

    @BeforeEach
    void tree() {
        owner = FilesClient.newUser(api, "ocslnk", null);
        other = FilesClient.newUser(api, "ocslnkother", null);
        long work = owner.mkdir(owner.rootId(), "Work");
        projects = owner.mkdir(work, "Projects");
        owner.uploadOk(projects, "plan.txt", "plan".getBytes(StandardCharsets.UTF_8));
    }

    private Res ocs(FilesClient who, String method, String path, String form) {
        Api.Req r = who.as(api.method(method, path + (path.contains("?") ? "&" : "?") + "format=json"))
                .header("OCS-APIRequest", "true");
        if (form != null) {
            r = r.bytes("application/x-www-form-urlencoded", form.getBytes(StandardCharsets.UTF_8));
        }
        return r.send();
    }

    private Res visitorDav(String token, String password) {
        Api.Req r = api.method("PROPFIND", "/dav/public/" + token + "/").header("Depth", "1");
        return (password == null ? r : r.basic("visitor", password)).send();
    }

    @Test
    void aLinkMadeOverOcs_opensForVisitors_changesShowAtOnce_andDeletionKillsIt() {
        Res created = ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3&permissions=1")
                .expect(200);
        assertThat(created.str("ocs.meta.status")).isEqualTo("ok");
        String id = created.str("ocs.data.id");
        String token = created.str("ocs.data.token");
        assertThat(created.num("ocs.data.share_type")).isEqualTo(3L);
        assertThat(created.num("ocs.data.permissions")).isEqualTo(1L);
        assertThat(created.str("ocs.data.url"))
                .isEqualTo(api.base.resolve("/s/" + token).toString());
        assertThat(created.str("ocs.data.path")).isEqualTo("/Work/Projects");
        assertThat(created.str("ocs.data.item_type")).isEqualTo("folder");
        assertThat(created.str("ocs.data.uid_owner")).isEqualTo(owner.user.username());
        assertThat(created.has("ocs.data.share_with")).isFalse();
        assertThat(created.num("ocs.data.hide_download")).isZero();

        // the visitor's side: REST and public WebDAV
        assertThat(api.get("/api/public/links/" + token).send().expect(200).str("permission"))
                .isEqualTo("download");
        visitorDav(token, null).expect(207);
        // listed with the item's shares, among everything, and among a folder's subfiles
        assertThat(ids(ocs(owner, "GET", SHARES + "?path=%2FWork%2FProjects", null)
                        .expect(200)))
                .containsExactly(id);
        assertThat(ids(ocs(owner, "GET", SHARES, null).expect(200))).contains(id);
        assertThat(ids(ocs(owner, "GET", SHARES + "?path=%2FWork&subfiles=true", null)
                        .expect(200)))
                .containsExactly(id);
        assertThat(ids(ocs(owner, "GET", SHARES + "?shared_with_me=true", null).expect(200)))
                .doesNotContain(id);

        // a password, as the clients set it: one attribute per PUT
        Res withPassword =
                ocs(owner, "PUT", SHARES + "/" + id, "password=s3cret").expect(200);
        assertThat(withPassword.str("ocs.data.share_with")).isEqualTo("********");
        assertThat(withPassword.body()).doesNotContain("argon2").doesNotContain("s3cret");
        visitorDav(token, null).expect(401);
        visitorDav(token, "s3cret").expect(207);
        api.get("/api/public/links/" + token + "/items").send().expectError(401, "password_required");
        ocs(owner, "PUT", SHARES + "/" + id, "password=").expect(200);
        visitorDav(token, null).expect(207);

        // expiry and permissions
        Res expiring =
                ocs(owner, "PUT", SHARES + "/" + id, "expireDate=2099-12-31").expect(200);
        assertThat(expiring.str("ocs.data.expiration")).isEqualTo("2099-12-31 00:00:00");
        assertThat(api.get("/api/public/links/" + token).send().str("expiresAt"))
                .startsWith("2100-01-01");
        assertThat(ocs(owner, "PUT", SHARES + "/" + id, "permissions=15")
                        .expect(200)
                        .num("ocs.data.permissions"))
                .isEqualTo(15L);
        api.method("MKCOL", "/dav/public/" + token + "/fromVisitor").send().expect(201);
        assertThat(ocs(owner, "PUT", SHARES + "/" + id, "hideDownload=true")
                        .expect(200)
                        .num("ocs.data.permissions"))
                .isEqualTo(15L);
        assertThat(ocs(owner, "PUT", SHARES + "/" + id, "permissions=1&hideDownload=true")
                        .expect(200)
                        .num("ocs.data.hide_download"))
                .isEqualTo(1L);
        assertThat(api.get("/api/public/links/" + token).send().str("permission"))
                .isEqualTo("view");
        api.get("/dav/public/" + token + "/plan.txt").send().expect(403);

        ocs(owner, "DELETE", SHARES + "/" + id, null).expect(200);
        api.get("/api/public/links/" + token).send().expectError(404, "not_found");
        visitorDav(token, null).expect(404);
        ocs(owner, "GET", SHARES + "/" + id, null).expect(404);
    }

    @Test
    void fileDropAndEditLinks_fromTheirBits() {
        Res drop = ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3&permissions=4")
                .expect(200);
        assertThat(drop.num("ocs.data.permissions")).isEqualTo(4L);
        assertThat(api.get("/api/public/links/" + drop.str("ocs.data.token"))
                        .send()
                        .str("permission"))
                .isEqualTo("drop");
        Res upload = ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3&publicUpload=true")
                .expect(200);
        assertThat(upload.num("ocs.data.permissions")).isEqualTo(15L);
        Res password = ocs(
                        owner,
                        "POST",
                        SHARES,
                        "path=%2FWork%2FProjects&shareType=3&password=pw-123&expireDate=2099-01-31")
                .expect(200);
        assertThat(password.str("ocs.data.password")).isEqualTo("********");
        assertThat(password.str("ocs.data.expiration")).isEqualTo("2099-01-31 00:00:00");
        ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3&permissions=2")
                .expect(400);
    }

    @Test
    void anotherUser_cannotReadChangeOrDeleteALink() {
        String id = ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3")
                .expect(200)
                .str("ocs.data.id");
        ocs(other, "GET", SHARES + "/" + id, null).expect(404);
        ocs(other, "PUT", SHARES + "/" + id, "permissions=15").expect(404);
        ocs(other, "DELETE", SHARES + "/" + id, null).expect(404);
        assertThat(ids(ocs(other, "GET", SHARES, null).expect(200))).doesNotContain(id);
        // even a viewer of the folder, who sees it but may not share it
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", projects, "userId", other.user.id(), "role", "viewer"))
                .send()
                .expect(201);
        ocs(other, "GET", SHARES + "/" + id, null).expect(404);
        ocs(other, "DELETE", SHARES + "/" + id, null).expect(404);
        assertThat(ocs(owner, "GET", SHARES + "/" + id, null).expect(200).str("ocs.data.0.id"))
                .isEqualTo(id);
    }

    @Test
    void xmlFormat_andCapabilities() {
        String id = ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=3")
                .expect(200)
                .str("ocs.data.id");
        Res xml = owner.as(api.get(SHARES.replace("v2.php", "v1.php") + "/" + id + "?format=xml"))
                .header("OCS-APIRequest", "true")
                .send()
                .expect(200);
        assertThat(xml.body())
                .contains("<share_type>3</share_type>")
                .contains("<id>" + id + "</id>")
                .contains("<token>");
        Res caps = owner.as(api.get("/nextcloud/ocs/v2.php/cloud/capabilities?format=json"))
                .header("OCS-APIRequest", "true")
                .send()
                .expect(200);
        assertThat(caps.bool("ocs.data.capabilities.files_sharing.public.enabled"))
                .isTrue();
        assertThat(caps.bool("ocs.data.capabilities.files_sharing.public.password.enforced"))
                .isFalse();
        assertThat(caps.bool("ocs.data.capabilities.files_sharing.public.upload_files_drop"))
                .isTrue();
    }

    private static List<String> ids(Res r) {
        return r.list("ocs.data").stream()
                .map(o -> String.valueOf(((Map<?, ?>) o).get("id")))
                .toList();
    }
}
