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
 * Shared drives (issue 10, part 5) over REST, WebDAV and the Nextcloud dialect: administration is for admins, members
 * come by user and by (nested) group with the roles of sharing, a non-member gets 404 for everything in a drive, a
 * drive's uploads and moves use the drive's quota (and a move carries its bytes from one owner to the other), the
 * trash and search are scoped per drive, removal acts on the next request, and a drive is never a user.
 */
@ExtendWith(SharedServer.class)
class DrivesIT {
    static final byte[] DATA = "team data\n".getBytes(StandardCharsets.UTF_8);

    final Api api = SharedServer.api();

    FilesClient alice; // editor, directly
    FilesClient carol; // viewer, through a group nested in the group that is a member
    FilesClient bob; // no member
    String drive;
    String driveName;
    long root;

    @BeforeEach
    void drive() {
        alice = FilesClient.newUser(api, "dralice", null);
        carol = FilesClient.newUser(api, "drcarol", null);
        bob = FilesClient.newUser(api, "drbob", null);
        driveName = "Team " + Api.uniqueName("d");
        Res created = api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", driveName))
                .send()
                .expect(201);
        drive = created.str("id");
        root = created.num("rootId");
        String outer = group("drouter");
        String inner = group("drinner");
        api.asAdmin(api.put("/api/admin/groups/" + outer + "/members/groups/" + inner))
                .send()
                .expect(204);
        api.asAdmin(api.put("/api/admin/groups/" + inner + "/members/users/" + carol.user.id()))
                .send()
                .expect(204);
        member("users", alice.user.id(), "editor").expect(200);
        member("groups", outer, "viewer").expect(200);
    }

    @Test
    void onlyAdminsAdministerDrives_andBadInputChangesNothing() {
        alice.as(api.get("/api/admin/drives")).send().expectError(403, "forbidden");
        alice.as(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", "Mine"))
                .send()
                .expectError(403, "forbidden");
        alice.as(api.delete("/api/admin/drives/" + drive)).send().expectError(403, "forbidden");
        api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", driveName.toUpperCase()))
                .send()
                .expectError(409, "name_taken");
        api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", "a/b"))
                .send()
                .expectError(400, "invalid_request");
        api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", " "))
                .send()
                .expectError(400, "invalid_request");
        api.asAdmin(api.patch("/api/admin/drives/" + drive))
                .json(MiniJson.obj("quotaBytes", -1))
                .send()
                .expectError(400, "invalid_request");
        api.asAdmin(api.patch("/api/admin/drives/" + drive))
                .json(MiniJson.obj("owner", "x"))
                .send()
                .expectError(400, "invalid_request");
        Res renamed = api.asAdmin(api.patch("/api/admin/drives/" + drive))
                .json(MiniJson.obj("name", driveName + " 2", "quotaBytes", 1000))
                .send()
                .expect(200);
        assertThat(renamed.str("name")).isEqualTo(driveName + " 2");
        assertThat(renamed.num("quotaBytes")).isEqualTo(1000);
        assertThat(renamed.num("members")).isEqualTo(2);
        assertThat(api.asAdmin(api.get("/api/admin/drives")).send().expect(200).body())
                .contains(drive);

        // members are managed by admins and the drive's managers; an editor or viewer may not
        alice.as(api.get("/api/drives/" + drive + "/members")).send().expectError(403, "drive_role");
        bob.as(api.get("/api/drives/" + drive + "/members")).send().expectError(404, "not_found");
        member("users", bob.user.id(), "owner").expectError(400, "invalid_request");
        member("people", bob.user.id(), "viewer").expectError(400, "invalid_request");
        member("users", java.util.UUID.randomUUID().toString(), "viewer").expectError(404, "not_found");
        member("users", alice.user.id(), "manager").expect(200);
        alice.as(api.put("/api/drives/" + drive + "/members/users/" + bob.user.id()))
                .json(MiniJson.obj("role", "viewer"))
                .send()
                .expect(200);
        List<?> members = alice.as(api.get("/api/drives/" + drive + "/members"))
                .send()
                .expect(200)
                .list("");
        assertThat(members).hasSize(3);

        // a drive holding items is deleted only when asked with force
        long file = alice.uploadOk(root, "keep.txt", DATA);
        api.asAdmin(api.delete("/api/admin/drives/" + drive)).send().expectError(409, "drive_not_empty");
        assertThat(alice.download(file)).isEqualTo(DATA);
        api.asAdmin(api.delete("/api/admin/drives/" + drive + "?force=true"))
                .send()
                .expect(204);
        alice.node(file).expectError(404, "not_found");
        assertThat(alice.as(api.get("/api/drives")).send().expect(200).body()).doesNotContain(drive);
    }

    @Test
    void aDriveIsNoUser_itCannotSignIn_norShowAsOne() {
        String username = "drive." + drive.replace("-", "");
        api.login(username, "!").expect(401);
        api.get("/api/auth/me").basic(username, "!").send().expect(401);
        api.method("PROPFIND", "/dav/files/" + username + "/")
                .basic(username, "!")
                .header("Depth", "0")
                .send()
                .expect(401);
        api.post("/api/auth/app-passwords")
                .basic(username, "!")
                .json(MiniJson.obj("label", "x"))
                .send()
                .expect(401);
        // the admin cannot turn it into a user either
        api.asAdmin(api.patch("/api/admin/users/" + drive))
                .json(MiniJson.obj("enabled", true))
                .send()
                .expectError(404, "not_found");
        assertThat(api.asAdmin(api.get("/api/admin/users?limit=500"))
                        .send()
                        .expect(200)
                        .body())
                .doesNotContain(drive, username);
        assertThat(alice.as(api.get("/api/sharees?q=drive")).send().expect(200).body())
                .doesNotContain(drive);
        assertThat(alice.as(api.get("/api/sharees?q=" + FilesClient.encode(driveName)))
                        .send()
                        .expect(200)
                        .body())
                .doesNotContain(drive);
        api.asAdmin(api.put("/api/admin/groups/" + group("drg") + "/members/users/" + drive))
                .send()
                .expectError(404, "not_found");
        // and no one shares with it
        long own = alice.uploadOk(alice.rootId(), "mine.txt", DATA);
        alice.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", own, "userId", drive, "role", "viewer"))
                .send()
                .expectError(404, "not_found");
    }

    @Test
    void membersByUserAndNestedGroup_nonMembersGet404Everywhere() {
        long folder = alice.mkdir(root, "Plans");
        long file = alice.uploadOk(folder, "plan.txt", DATA);

        Res mine = alice.as(api.get("/api/drives")).send().expect(200);
        assertThat(membership(alice)).containsEntry("role", "editor").containsEntry("name", driveName);
        assertThat(mine.body()).contains("\"rootId\":" + root);
        assertThat(membership(alice).get("viaGroup")).isNull();
        assertThat(membership(carol)).containsEntry("role", "viewer");
        assertThat(membership(carol).get("viaGroup")).asString().startsWith("drouter");
        assertThat(carol.names(folder)).containsExactly("plan.txt");
        assertThat(carol.download(file)).isEqualTo(DATA);

        assertThat(bob.as(api.get("/api/drives")).send().expect(200).list("")).isEmpty();
        for (long id : new long[] {root, folder, file}) {
            bob.node(id).expectError(404, "not_found");
        }
        bob.as(api.get("/api/files/" + root + "/children")).send().expectError(404, "not_found");
        bob.as(api.get("/api/files/" + file + "/content")).send().expectError(404, "not_found");
        bob.as(api.method("PROPFIND", dav(bob) + "Drives/"))
                .header("Depth", "1")
                .send()
                .expect(404);
        bob.as(api.get(dav(bob) + "Drives/" + enc(driveName) + "/Plans/plan.txt"))
                .send()
                .expect(404);
        assertThat(bob.as(api.method("PROPFIND", dav(bob)))
                        .header("Depth", "1")
                        .send()
                        .expect(207)
                        .body())
                .doesNotContain("Drives");

        // members reach it by path on both DAV surfaces, with their role in oc:permissions
        String davRoot = alice.as(api.method("PROPFIND", dav(alice)))
                .header("Depth", "1")
                .send()
                .expect(207)
                .body();
        assertThat(davRoot).contains(dav(alice) + "Drives/");
        assertThat(alice.as(api.method("PROPFIND", dav(alice) + "Drives/"))
                        .header("Depth", "1")
                        .send()
                        .expect(207)
                        .body())
                .contains(dav(alice) + "Drives/" + enc(driveName) + "/");
        assertThat(carol.as(api.get(dav(carol) + "Drives/" + enc(driveName) + "/Plans/plan.txt"))
                        .send()
                        .expect(200)
                        .body())
                .isEqualTo(new String(DATA, StandardCharsets.UTF_8));
        String props = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"" + NextcloudIT.OC
                + "\"><d:prop><oc:permissions/></d:prop></d:propfind>";
        String ncPlans = "/Drives/" + enc(driveName) + "/Plans/";
        String asViewer = carol.as(api.method("PROPFIND", nc(carol) + ncPlans))
                .header("Depth", "0")
                .body("application/xml", props)
                .send()
                .expect(207)
                .body();
        String asEditor = alice.as(api.method("PROPFIND", nc(alice) + ncPlans))
                .header("Depth", "0")
                .body("application/xml", props)
                .send()
                .expect(207)
                .body();
        assertThat(permissions(asViewer)).doesNotContain("W", "C", "K", "D");
        assertThat(permissions(asEditor)).contains("C", "K", "D");
    }

    @Test
    void aViewerWritesNothing_anEditorsUploadsUseTheDrivesQuota() {
        carol.upload(root, "x.txt", DATA, null).expectError(403, "read_only");
        carol.as(api.put(dav(carol) + "Drives/" + enc(driveName) + "/x.txt"))
                .bytes("text/plain", DATA)
                .send()
                .expect(403);
        carol.as(api.method("MKCOL", dav(carol) + "Drives/" + enc(driveName) + "/new"))
                .send()
                .expect(403);

        long aliceBefore = used(alice);
        long driveBefore = driveUsed();
        alice.uploadOk(root, "a.txt", DATA);
        alice.as(api.put(dav(alice) + "Drives/" + enc(driveName) + "/b.txt"))
                .bytes("text/plain", DATA)
                .send()
                .expect(201);
        assertThat(driveUsed()).isEqualTo(driveBefore + 2L * DATA.length);
        assertThat(used(alice)).isEqualTo(aliceBefore);
        assertThat(alice.names(root)).containsExactly("a.txt", "b.txt");

        quota(driveUsed() + 5);
        alice.upload(root, "big.txt", new byte[6], null).expectError(507, "quota_exceeded");
        alice.as(api.put(dav(alice) + "Drives/" + enc(driveName) + "/big.txt"))
                .bytes("application/octet-stream", new byte[6])
                .send()
                .expect(507);
        alice.uploadOk(root, "small.txt", new byte[5]);
        assertThat(alice.names(root)).containsExactly("a.txt", "b.txt", "small.txt");
        // DAV clients inside the drive see the drive's space, not their own
        String quotaProps = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:prop><d:quota-available-bytes/>"
                + "<d:quota-used-bytes/></d:prop></d:propfind>";
        DavXmlDoc.Response space = DavXmlDoc.parse(
                        alice.as(api.method("PROPFIND", dav(alice) + "Drives/" + enc(driveName) + "/"))
                                .header("Depth", "0")
                                .body("application/xml", quotaProps)
                                .send()
                                .expect(207)
                                .body())
                .only();
        assertThat(space.prop(DavXmlDoc.DAV, "quota-available-bytes")).isEqualTo("0");
        assertThat(space.prop(DavXmlDoc.DAV, "quota-used-bytes")).isEqualTo(String.valueOf(driveUsed()));
    }

    @Test
    void movesBetweenDrivesCarryTheBytes_andAreRefusedWhenTheyDoNotFit() {
        long own = alice.uploadOk(alice.rootId(), "report.txt", DATA);
        long aliceBefore = used(alice);
        long driveBefore = driveUsed();

        move(alice, own, root).expect(200);
        assertThat(used(alice)).isEqualTo(aliceBefore - DATA.length);
        assertThat(driveUsed()).isEqualTo(driveBefore + DATA.length);
        assertThat(carol.download(own)).isEqualTo(DATA);

        // and back out to the editor's own files
        move(alice, own, alice.rootId()).expect(200);
        assertThat(used(alice)).isEqualTo(aliceBefore);
        assertThat(driveUsed()).isEqualTo(driveBefore);
        carol.node(own).expectError(404, "not_found");

        // a folder with its contents, over WebDAV
        long folder = alice.mkdir(alice.rootId(), "Bundle");
        alice.uploadOk(folder, "one.txt", DATA);
        alice.uploadOk(alice.mkdir(folder, "Inner"), "two.txt", DATA);
        alice.as(api.method("MOVE", dav(alice) + "Bundle/"))
                .header("Destination", dav(alice) + "Drives/" + enc(driveName) + "/Bundle/")
                .send()
                .expect(201);
        assertThat(driveUsed()).isEqualTo(driveBefore + 2L * DATA.length);
        assertThat(used(alice)).isEqualTo(aliceBefore);
        assertThat(carol.filesBeneath(folder)).hasSize(2);

        // does not fit: refused, nothing changed
        quota(driveUsed());
        move(alice, own, root).expectError(507, "quota_exceeded");
        alice.as(api.method("MOVE", dav(alice) + "report.txt"))
                .header("Destination", dav(alice) + "Drives/" + enc(driveName) + "/report.txt")
                .send()
                .expect(507);
        assertThat(used(alice)).isEqualTo(aliceBefore);
        assertThat(driveUsed()).isEqualTo(driveBefore + 2L * DATA.length);
        assertThat(alice.node(own).expect(200).num("node.parentId")).isEqualTo(alice.rootId());
        carol.node(own).expectError(404, "not_found");

        // a viewer moves nothing in or out
        quota(null);
        long carols = carol.uploadOk(carol.rootId(), "c.txt", DATA);
        move(carol, carols, root).expectError(403, "read_only");
        move(carol, folder, carol.rootId()).expectError(403, "shared_item_fixed");
        // between two drives, for an editor of both
        String other = api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", driveName + " other"))
                .send()
                .expect(201)
                .str("id");
        long otherRoot = membershipOf(alice, other, true);
        move(alice, folder, otherRoot).expect(200);
        assertThat(driveUsed()).isEqualTo(driveBefore);
        assertThat(usedOf(alice, other)).isEqualTo(2L * DATA.length);
        // someone else's personal files stay theirs, as before drives
        long bobs = bob.mkdir(bob.rootId(), "Shared");
        bob.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", bobs, "userId", alice.user.id(), "role", "editor"))
                .send()
                .expect(201);
        move(alice, own, bobs).expectError(409, "other_owner");
    }

    @Test
    void removalActsOnTheNextRequest() {
        long file = alice.uploadOk(root, "f.txt", DATA);
        assertThat(alice.download(file)).isEqualTo(DATA);
        api.asAdmin(api.delete("/api/drives/" + drive + "/members/users/" + alice.user.id()))
                .send()
                .expect(204);
        alice.node(file).expectError(404, "not_found");
        alice.node(root).expectError(404, "not_found");
        alice.as(api.get(dav(alice) + "Drives/" + enc(driveName) + "/f.txt"))
                .send()
                .expect(404);
        assertThat(alice.as(api.get("/api/drives")).send().expect(200).list("")).isEmpty();
        // the group route too
        api.asAdmin(api.delete("/api/drives/" + drive + "/members/groups/" + groupOf(carol)))
                .send()
                .expect(204);
        carol.node(file).expectError(404, "not_found");
    }

    @Test
    void theTrashIsTheDrives_forItsEditorsOnly() {
        long file = alice.uploadOk(root, "gone.txt", DATA);
        long mine = alice.uploadOk(alice.rootId(), "mine-gone.txt", DATA);
        alice.trash(file);
        alice.trash(mine);
        Res driveTrash = alice.as(api.get("/api/trash?drive=" + drive)).send().expect(200);
        assertThat(driveTrash.body()).contains("gone.txt").doesNotContain("mine-gone.txt");
        assertThat(alice.as(api.get("/api/trash")).send().expect(200).body())
                .contains("mine-gone.txt")
                .doesNotContain("\"gone.txt\"");
        carol.as(api.get("/api/trash?drive=" + drive)).send().expectError(403, "drive_role");
        carol.as(api.post("/api/trash/" + file + "/restore?drive=" + drive))
                .send()
                .expectError(403, "drive_role");
        bob.as(api.get("/api/trash?drive=" + drive)).send().expectError(404, "not_found");
        bob.as(api.get("/api/trash?drive=nonsense")).send().expectError(400, "invalid_request");
        // the drive's trash holds only the drive's items: the caller's own is not restorable through it
        alice.as(api.post("/api/trash/" + mine + "/restore?drive=" + drive))
                .send()
                .expectError(404, "not_found");
        alice.as(api.post("/api/trash/" + file + "/restore")).send().expectError(404, "not_found");
        alice.as(api.post("/api/trash/" + file + "/restore?drive=" + drive))
                .send()
                .expect(200);
        assertThat(carol.names(root)).contains("gone.txt");
        alice.as(api.delete("/api/trash?drive=" + drive)).send().expectError(403, "drive_role");
    }

    @Test
    void searchIsScopedPerDrive() {
        String word = "zebrafinch" + Long.toHexString(System.nanoTime());
        alice.uploadOk(root, word + "-drive.txt", DATA);
        alice.uploadOk(alice.rootId(), word + "-mine.txt", DATA);
        String query = "q=" + word;
        assertThat(SearchIT.await(alice, query + "&drive=" + drive, n -> !n.isEmpty()))
                .containsExactly(word + "-drive.txt");
        assertThat(SearchIT.await(carol, query + "&drive=" + drive, n -> !n.isEmpty()))
                .containsExactly(word + "-drive.txt");
        assertThat(SearchIT.await(alice, query, n -> !n.isEmpty())).containsExactly(word + "-mine.txt");
        assertThat(SearchIT.names(bob.as(api.get("/api/search?" + query)).send().expect(200)))
                .isEmpty();
        bob.as(api.get("/api/search?" + query + "&drive=" + drive)).send().expectError(404, "not_found");
    }

    @Test
    void aManagerSharesAFolderOfTheDriveWithANonMember_whoSeesItAsSharedWithThem() {
        member("users", alice.user.id(), "manager").expect(200);
        long out = alice.mkdir(root, "Out");
        alice.uploadOk(out, "note.txt", DATA);
        alice.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", out, "userId", bob.user.id(), "role", "viewer"))
                .send()
                .expect(201);
        assertThat(bob.as(api.get("/api/shares/incoming")).send().expect(200).body())
                .contains("\"Out\"");
        assertThat(bob.names(out)).containsExactly("note.txt");
        bob.node(root).expectError(404, "not_found");
        assertThat(bob.as(api.get(dav(bob) + "Shared%20with%20me/Out/note.txt"))
                        .send()
                        .expect(200)
                        .body())
                .isEqualTo(new String(DATA, StandardCharsets.UTF_8));
        String ocs = "/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json";
        assertThat(bob.as(api.get(ocs + "&shared_with_me=true"))
                        .header("OCS-APIRequest", "true")
                        .send()
                        .expect(200)
                        .body())
                .contains("Out");
        alice.as(api.get(ocs)).header("OCS-APIRequest", "true").send().expect(200);
        // the drive's own members are no shares: not in anyone's "shared with me" or "shared by me"
        assertThat(alice.as(api.get("/api/shares/incoming")).send().expect(200).list("items"))
                .isEmpty();
        assertThat(api.asAdmin(api.get("/api/shares/outgoing"))
                        .send()
                        .expect(200)
                        .body())
                .doesNotContain("\"nodeId\":" + root + ",");
    }

    /** A real client: rclone's webdav remote on an editor's /dav/files/{user}/Drives/{drive}/ (copy up, check). */
    @Test
    void rclone_copiesIntoTheDriveAsAnEditor() throws Exception {
        java.nio.file.Path work = java.nio.file.Files.createTempDirectory("drives-rclone");
        java.nio.file.Path src = java.nio.file.Files.createDirectories(work.resolve("src/sub"));
        java.nio.file.Files.write(src.resolve("one.bin"), FilesClient.random(200_000, 7));
        java.nio.file.Files.writeString(src.resolve("été.txt"), "unicode");
        String conf = work.resolve("rclone.conf").toString();
        String obscured = rclone(conf, "obscure", alice.user.password()).strip();
        String url =
                api.base.resolve(dav(alice) + "Drives/" + enc(driveName) + "/").toString();
        rclone(
                conf,
                "config",
                "create",
                "drive",
                "webdav",
                "url=" + url,
                "vendor=other",
                "user=" + alice.user.username(),
                "pass=" + obscured);
        long before = driveUsed();
        rclone(conf, "copy", work.resolve("src").toString(), "drive:up");
        assertThat(rclone(conf, "check", work.resolve("src").toString(), "drive:up"))
                .contains("2 matching files");
        assertThat(driveUsed()).isEqualTo(before + 200_000 + "unicode".getBytes(StandardCharsets.UTF_8).length);
        assertThat(carol.names(root)).containsExactly("up");
        // a viewer's rclone cannot write there
        String carolConf = work.resolve("carol.conf").toString();
        rclone(
                carolConf,
                "config",
                "create",
                "drive",
                "webdav",
                "url=" + url.replace(alice.user.username(), carol.user.username()),
                "vendor=other",
                "user=" + carol.user.username(),
                "pass=" + rclone(carolConf, "obscure", carol.user.password()).strip());
        ProcessBuilder refused = new ProcessBuilder(
                        "rclone",
                        "--config",
                        carolConf,
                        "--retries",
                        "1",
                        "copy",
                        work.resolve("src").toString(),
                        "drive:carol")
                .redirectErrorStream(true);
        Process p = refused.start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isNotZero();
        assertThat(carol.names(root)).containsExactly("up");
    }

    private static String rclone(String config, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("rclone", "--config", config));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("%s: %s", command, out).isZero();
        return out;
    }

    // ---- helpers ----

    static String dav(FilesClient u) {
        return "/dav/files/" + u.user.username() + "/";
    }

    static String nc(FilesClient u) {
        return "/nextcloud/remote.php/dav/files/" + u.user.username();
    }

    static String enc(String segment) {
        return FilesClient.encode(segment).replace("+", "%20");
    }

    private Res member(String kind, String id, String role) {
        return api.asAdmin(api.put("/api/drives/" + drive + "/members/" + kind + "/" + id))
                .json(MiniJson.obj("role", role))
                .send();
    }

    private String group(String prefix) {
        return api.asAdmin(api.post("/api/admin/groups"))
                .json(MiniJson.obj("name", Api.uniqueName(prefix)))
                .send()
                .expect(201)
                .str("id");
    }

    /** The group that is carol's way in (the member group of the drive). */
    private String groupOf(FilesClient who) {
        for (Object m : api.asAdmin(api.get("/api/drives/" + drive + "/members"))
                .send()
                .expect(200)
                .list("")) {
            if ("group".equals(MiniJson.at(m, "kind"))) {
                return (String) MiniJson.at(m, "id");
            }
        }
        throw new AssertionError("no group member for " + who.user.username());
    }

    private Map<String, Object> membership(FilesClient who) {
        for (Object d : who.as(api.get("/api/drives")).send().expect(200).list("")) {
            if (drive.equals(MiniJson.at(d, "id"))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> m = (Map<String, Object>) d;
                java.util.Map<String, Object> copy = new java.util.HashMap<>(m);
                copy.replaceAll((k, v) -> v == MiniJson.NULL ? null : v);
                return copy;
            }
        }
        throw new AssertionError(who.user.username() + " is no member");
    }

    /** Adds the user as editor of the drive (as admin) and answers its root id. */
    private long membershipOf(FilesClient who, String driveId, boolean editor) {
        Res r = api.asAdmin(api.put("/api/drives/" + driveId + "/members/users/" + who.user.id()))
                .json(MiniJson.obj("role", editor ? "editor" : "viewer"))
                .send()
                .expect(200);
        assertThat(r.str("role")).isEqualTo(editor ? "editor" : "viewer");
        for (Object d : who.as(api.get("/api/drives")).send().expect(200).list("")) {
            if (driveId.equals(MiniJson.at(d, "id"))) {
                return FilesClient.num(d, "rootId");
            }
        }
        throw new AssertionError("no membership");
    }

    private Res move(FilesClient who, long id, long parent) {
        return who.as(api.patch("/api/files/" + id))
                .json(MiniJson.obj("parentId", parent))
                .send();
    }

    private void quota(Long bytes) {
        api.asAdmin(api.patch("/api/admin/drives/" + drive))
                .json(MiniJson.obj("quotaBytes", bytes))
                .send()
                .expect(200);
    }

    private long used(FilesClient who) {
        return who.usage().num("usedBytes");
    }

    private long driveUsed() {
        return usedOf(alice, drive);
    }

    private long usedOf(FilesClient who, String driveId) {
        for (Object d :
                api.asAdmin(api.get("/api/admin/drives")).send().expect(200).list("")) {
            if (driveId.equals(MiniJson.at(d, "id"))) {
                return FilesClient.num(d, "usedBytes");
            }
        }
        throw new AssertionError("no drive " + driveId + " for " + who.user.username());
    }

    private static String permissions(String multistatus) {
        return DavXmlDoc.parse(multistatus).only().prop(NextcloudIT.OC, "permissions");
    }
}
