package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Nextcloud's OCS sharing API (issue 10, part 6) as the clients' share dialogs call it — form-encoded bodies, paths
 * of the caller's files, permission bits — over the same grants REST uses: what it creates works on REST at once, and
 * REST's shares show up here.
 */
@ExtendWith(SharedServer.class)
class NextcloudSharingIT {
    static final String SHARES = "/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/shares";

    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient alice;
    FilesClient bob;
    long projects;
    long plan;

    @BeforeEach
    void tree() {
        owner = FilesClient.newUser(api, "ocsowner", null);
        alice = FilesClient.newUser(api, "ocsalice", null);
        bob = FilesClient.newUser(api, "ocsbob", null);
        long work = owner.mkdir(owner.rootId(), "Work");
        projects = owner.mkdir(work, "Projects");
        plan = owner.uploadOk(projects, "plan.txt", "plan".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aUserShareMadeOverOcsWorksEverywhereAndCanBeChangedAndDeleted() {
        Res created = ocs(
                        owner,
                        "POST",
                        SHARES,
                        "path=%2FWork%2FProjects&shareType=0&shareWith=" + alice.user.username() + "&permissions=1")
                .expect(200);
        assertThat(created.str("ocs.meta.status")).isEqualTo("ok");
        String id = created.str("ocs.data.id");
        assertThat(created.num("ocs.data.share_type")).isZero();
        assertThat(created.num("ocs.data.permissions")).isEqualTo(1L);
        assertThat(created.str("ocs.data.path")).isEqualTo("/Work/Projects");
        assertThat(created.str("ocs.data.item_type")).isEqualTo("folder");
        assertThat(created.str("ocs.data.share_with")).isEqualTo(alice.user.username());
        assertThat(created.str("ocs.data.uid_owner")).isEqualTo(owner.user.username());
        assertThat(created.num("ocs.data.item_source")).isEqualTo(projects);

        // at once on REST: alice reads, may not write
        assertThat(alice.download(plan)).isEqualTo("plan".getBytes(StandardCharsets.UTF_8));
        alice.as(api.post("/api/files/" + projects + "/folders"))
                .json(MiniJson.obj("name", "x"))
                .send()
                .expectError(403, "read_only");

        // listed by path, and among alice's shared_with_me
        Res byPath =
                ocs(owner, "GET", SHARES + "?path=%2FWork%2FProjects", null).expect(200);
        assertThat(byPath.list("ocs.data")).hasSize(1);
        assertThat(byPath.str("ocs.data.0.id")).isEqualTo(id);
        Res inSub =
                ocs(owner, "GET", SHARES + "?path=%2FWork&subfiles=true", null).expect(200);
        assertThat(inSub.str("ocs.data.0.id")).isEqualTo(id);
        Res mine = ocs(alice, "GET", SHARES + "?shared_with_me=true", null).expect(200);
        assertThat(mine.str("ocs.data.0.id")).isEqualTo(id);
        assertThat(mine.str("ocs.data.0.uid_file_owner")).isEqualTo(owner.user.username());
        assertThat(mine.str("ocs.data.0.file_target")).isEqualTo("/Shared with me/Projects");

        // PUT with a form body: permissions 15 make an editor, an expiry date ends with that day
        Res changed = ocs(owner, "PUT", SHARES + "/" + id, "permissions=15&expireDate=2099-12-31")
                .expect(200);
        assertThat(changed.num("ocs.data.permissions")).isEqualTo(15L);
        assertThat(changed.str("ocs.data.expiration")).isEqualTo("2099-12-31 00:00:00");
        alice.as(api.post("/api/files/" + projects + "/folders"))
                .json(MiniJson.obj("name", "x"))
                .send()
                .expect(201);
        assertThat(ocs(owner, "GET", SHARES + "/" + id, null).expect(200).str("ocs.data.0.expiration"))
                .isEqualTo("2099-12-31 00:00:00");

        ocs(owner, "DELETE", SHARES + "/" + id, null).expect(200);
        alice.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        assertThat(ocs(alice, "GET", SHARES + "?shared_with_me=true", null)
                        .expect(200)
                        .list("ocs.data"))
                .isEmpty();
    }

    @Test
    void aManagerSharesOnwardByThePathTheClientSyncs() {
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", projects, "userId", alice.user.id(), "role", "manager"))
                .send()
                .expect(201);
        Res onward = ocs(
                        alice,
                        "POST",
                        SHARES,
                        "path=%2FShared%20with%20me%2FProjects&shareType=0&shareWith=" + bob.user.username()
                                + "&permissions=1")
                .expect(200);
        assertThat(onward.num("ocs.data.item_source")).isEqualTo(projects);
        assertThat(bob.download(plan)).isEqualTo("plan".getBytes(StandardCharsets.UTF_8));
        // a viewer may not
        assertFailure(
                ocs(
                        bob,
                        "POST",
                        SHARES,
                        "path=%2FShared%20with%20me%2FProjects&shareType=0&shareWith=" + owner.user.username()),
                403);
    }

    @Test
    void aRestShareShowsUpInOcsWithTheRolesBits() {
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", plan, "userId", alice.user.id(), "role", "manager"))
                .send()
                .expect(201);
        Res byPath = ocs(owner, "GET", SHARES + "?path=%2FWork%2FProjects%2Fplan.txt", null)
                .expect(200);
        assertThat(byPath.num("ocs.data.0.permissions"))
                .as("a file: read, update, share")
                .isEqualTo(19L);
        assertThat(byPath.str("ocs.data.0.item_type")).isEqualTo("file");
        assertThat(byPath.str("ocs.data.0.mimetype")).isEqualTo("text/plain");
    }

    @Test
    void badRequestsFailWithAnOcsMessageAndChangeNothing() {
        String base = "path=%2FWork%2FProjects&shareWith=" + alice.user.username();
        assertFailure(ocs(owner, "POST", SHARES, base + "&shareType=3&permissions=2"), 400);
        assertFailure(ocs(owner, "POST", SHARES, base + "&shareType=9"), 400);
        assertFailure(ocs(owner, "POST", SHARES, base + "&shareType=0&permissions=64"), 400);
        assertFailure(ocs(owner, "POST", SHARES, base + "&shareType=0&permissions=2"), 400);
        assertFailure(ocs(owner, "POST", SHARES, base + "&shareType=0&expireDate=soon"), 400);
        assertFailure(ocs(owner, "POST", SHARES, "path=%2FNothing&shareType=0&shareWith=x"), 404);
        assertFailure(ocs(owner, "POST", SHARES, "path=%2FWork&shareType=0&shareWith=nobody-here"), 404);
        assertFailure(ocs(owner, "POST", SHARES, "shareType=0&shareWith=" + alice.user.username()), 400);
        assertFailure(ocs(owner, "GET", SHARES + "/not-a-number", null), 404);
        assertThat(ocs(owner, "GET", SHARES, null).expect(200).list("ocs.data")).isEmpty();

        // another user's share: not there for the stranger, whatever the method
        String id =
                ocs(owner, "POST", SHARES, base + "&shareType=0").expect(200).str("ocs.data.id");
        assertFailure(ocs(bob, "GET", SHARES + "/" + id, null), 404);
        assertFailure(ocs(bob, "PUT", SHARES + "/" + id, "permissions=31"), 404);
        assertFailure(ocs(bob, "DELETE", SHARES + "/" + id, null), 404);
        assertThat(ocs(owner, "GET", SHARES + "/" + id, null).expect(200).num("ocs.data.0.permissions"))
                .as("default permissions 31 make a manager of a folder")
                .isEqualTo(31L);
    }

    @Test
    void theShareDialogFindsUsersAndGroupsAsYouType_andSharesWithWhatItFound() {
        String sharees = "/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/sharees";
        String groupName = Api.uniqueName("ocsteam");
        api.asAdmin(api.post("/api/admin/groups"))
                .json(MiniJson.obj("name", groupName))
                .send()
                .expect(201);

        // a part of alice's name: she is among the users, not the exact matches; the caller never is
        String part = alice.user.username().substring(0, alice.user.username().length() - 2);
        Res found = ocs(owner, "GET", sharees + "?search=" + part + "&itemType=folder&perPage=20", null)
                .expect(200);
        assertThat(found.str("ocs.meta.status")).isEqualTo("ok");
        assertThat(found.list("ocs.data.users")).anySatisfy(u -> {
            assertThat(MiniJson.at(u, "value.shareWith")).isEqualTo(alice.user.username());
            assertThat(((Number) MiniJson.at(u, "value.shareType")).intValue()).isZero();
        });
        assertThat(found.body()).doesNotContain("\"" + owner.user.username() + "\"");
        assertThat(found.list("ocs.data.remotes")).isEmpty();
        assertThat(found.list("ocs.data.exact.users")).isEmpty();

        // the whole name is an exact match; asking for groups only leaves users out
        Res exact = ocs(owner, "GET", sharees + "?search=" + bob.user.username(), null)
                .expect(200);
        assertThat(exact.str("ocs.data.exact.users.0.value.shareWith")).isEqualTo(bob.user.username());
        Res groupsOnly = ocs(owner, "GET", sharees + "?search=" + groupName + "&shareType%5B%5D=1", null)
                .expect(200);
        assertThat(groupsOnly.list("ocs.data.users")).isEmpty();
        assertThat(groupsOnly.list("ocs.data.exact.users")).isEmpty();
        assertThat(groupsOnly.str("ocs.data.exact.groups.0.value.shareWith")).isEqualTo(groupName);
        assertThat(groupsOnly.num("ocs.data.exact.groups.0.value.shareType")).isEqualTo(1L);
        assertFailure(ocs(owner, "GET", sharees + "?search=x&shareType=user", null), 400);

        // what the dialog found is what it shares with
        String shareWith = groupsOnly.str("ocs.data.exact.groups.0.value.shareWith");
        ocs(owner, "POST", SHARES, "path=%2FWork%2FProjects&shareType=1&shareWith=" + shareWith + "&permissions=1")
                .expect(200);
        assertThat(owner.as(api.get("/api/shares?nodeId=" + projects))
                        .send()
                        .expect(200)
                        .body())
                .contains(groupName);
    }

    private Res ocs(FilesClient who, String method, String path, String form) {
        Api.Req r = who.as(api.method(method, path + (path.contains("?") ? "&" : "?") + "format=json"))
                .header("OCS-APIRequest", "true");
        if (form != null) {
            r = r.bytes("application/x-www-form-urlencoded", form.getBytes(StandardCharsets.UTF_8));
        }
        return r.send();
    }

    private static void assertFailure(Res r, int status) {
        r.expect(status);
        assertThat(r.str("ocs.meta.status")).isEqualTo("failure");
        assertThat(r.str("ocs.meta.message")).isNotBlank();
    }
}
