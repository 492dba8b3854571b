package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grants over REST (issue 10, parts 2, 3, 7, 8): what each role may do inside a shared folder, that a grant reaches
 * everything beneath its folder but nothing above or beside it, that expiry and revocation act on the very next
 * request, the "shared with me" and "shared by me" lists, bad input, and the audit trail.
 */
@ExtendWith(SharedServer.class)
class SharingIT {
    static final byte[] PLAN = "the plan\n".getBytes(StandardCharsets.UTF_8);

    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient alice;
    FilesClient bob;
    long work;
    long projects;
    long sub;
    long plan;
    long deepFile;
    long secret;

    /** owner: /Work/Projects/{plan.txt, Sub/, 1/2/…/8/deep.txt}, /Work/secret.txt beside the shared folder. */
    @BeforeEach
    void tree() {
        owner = FilesClient.newUser(api, "owner", null);
        alice = FilesClient.newUser(api, "alice", null);
        bob = FilesClient.newUser(api, "bob", null);
        work = owner.mkdir(owner.rootId(), "Work");
        projects = owner.mkdir(work, "Projects");
        sub = owner.mkdir(projects, "Sub");
        plan = owner.uploadOk(projects, "plan.txt", PLAN);
        long folder = projects;
        for (int level = 1; level <= 8; level++) {
            folder = owner.mkdir(folder, "L" + level);
        }
        deepFile = owner.uploadOk(folder, "deep.txt", "deep".getBytes(StandardCharsets.UTF_8));
        secret = owner.uploadOk(work, "secret.txt", "beside".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aViewerReadsEverythingBeneathButWritesNothing() {
        share(projects, alice, "viewer", null);

        assertThat(alice.download(plan)).isEqualTo(PLAN);
        assertThat(alice.download(deepFile)).isEqualTo("deep".getBytes(StandardCharsets.UTF_8));
        assertThat(alice.names(projects)).containsExactly("L1", "Sub", "plan.txt");
        alice.as(api.get("/api/files/" + projects + "/zip")).send().expect(200);

        // nothing above or beside the shared folder
        for (long id : new long[] {work, secret, owner.rootId()}) {
            alice.as(api.get("/api/files/" + id)).send().expectError(404, "not_found");
        }
        // no write of any kind
        alice.as(api.post("/api/files/" + projects + "/folders"))
                .json(MiniJson.obj("name", "new"))
                .send()
                .expectError(403, "read_only");
        alice.as(api.put("/api/files/" + projects + "/children/x.txt"))
                .bytes("application/octet-stream", PLAN)
                .send()
                .expectError(403, "read_only");
        alice.as(api.put("/api/files/" + plan + "/content"))
                .bytes("application/octet-stream", "changed".getBytes(StandardCharsets.UTF_8))
                .send()
                .expectError(403, "read_only");
        alice.as(api.patch("/api/files/" + plan))
                .json(MiniJson.obj("name", "renamed.txt"))
                .send()
                .expectError(403, "shared_item_fixed");
        alice.as(api.delete("/api/files/" + plan)).send().expectError(403, "shared_item_fixed");
        assertThat(owner.download(plan)).isEqualTo(PLAN);
        assertThat(owner.names(projects)).containsExactly("L1", "Sub", "plan.txt");

        // a stranger still sees nothing
        bob.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        bob.as(api.get("/api/files/" + projects + "/children")).send().expectError(404, "not_found");
    }

    @Test
    void anEditorWritesInsideIntoTheOwnersStorageButCannotMoveTheSharedFolderItself() {
        share(projects, alice, "editor", null);
        long ownerUsed = owner.usage().num("usedBytes");
        byte[] added = "added by alice".getBytes(StandardCharsets.UTF_8);

        long file = alice.uploadOk(projects, "added.txt", added);
        assertThat(owner.download(file)).isEqualTo(added);
        assertThat(owner.usage().num("usedBytes")).isEqualTo(ownerUsed + added.length);
        assertThat(alice.usage().num("usedBytes")).isZero();

        alice.as(api.patch("/api/files/" + file))
                .json(MiniJson.obj("name", "renamed.txt", "parentId", sub))
                .send()
                .expect(200);
        assertThat(owner.names(sub)).containsExactly("renamed.txt");
        alice.as(api.delete("/api/files/" + file)).send().expect(204);
        assertThat(owner.trashed()).extracting(t -> FilesClient.str(t, "name")).contains("renamed.txt");

        // the shared folder stays where its owner put it
        alice.as(api.patch("/api/files/" + projects))
                .json(MiniJson.obj("name", "Mine"))
                .send()
                .expectError(403, "shared_item_fixed");
        alice.as(api.delete("/api/files/" + projects)).send().expectError(403, "shared_item_fixed");
        // nothing moves out into the editor's own files (copy instead), and nothing in from them
        long aliceRoot = alice.rootId();
        alice.as(api.patch("/api/files/" + plan))
                .json(MiniJson.obj("parentId", aliceRoot))
                .send()
                .expectError(409, "other_owner");
        long own = alice.uploadOk(aliceRoot, "own.txt", added);
        alice.as(api.patch("/api/files/" + own))
                .json(MiniJson.obj("parentId", projects))
                .send()
                .expectError(409, "other_owner");
        alice.as(api.post("/api/files/" + plan + "/copy"))
                .json(MiniJson.obj("parentId", aliceRoot))
                .send()
                .expect(201);
        assertThat(alice.names(aliceRoot)).containsExactly("own.txt", "plan.txt");
        // a move of the owner's work folder "into" the share is not possible for alice either
        alice.as(api.patch("/api/files/" + work))
                .json(MiniJson.obj("parentId", projects))
                .send()
                .expectError(404, "not_found");
    }

    @Test
    void aGrantOnASubfolderNeverExposesItsParentOrSiblings() {
        share(sub, alice, "editor", null);
        alice.as(api.get("/api/files/" + sub)).send().expect(200);
        alice.as(api.get("/api/files/" + projects)).send().expectError(404, "not_found");
        alice.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        alice.as(api.get("/api/files/" + projects + "/children")).send().expectError(404, "not_found");
    }

    @Test
    void breadcrumbsAndPathsOfAGranteeStartAtTheSharedFolder() {
        share(projects, alice, "viewer", null);
        Res item = alice.as(api.get("/api/files/" + deepFile)).send().expect(200);
        assertThat(item.str("path")).isEqualTo("/Projects/L1/L2/L3/L4/L5/L6/L7/L8/deep.txt");
        Res crumbs = alice.as(api.get("/api/files/" + deepFile + "/ancestors"))
                .send()
                .expect(200);
        assertThat(crumbs.body()).doesNotContain("Work").contains("Projects", "L8");
        assertThat(owner.as(api.get("/api/files/" + deepFile))
                        .send()
                        .expect(200)
                        .str("path"))
                .isEqualTo("/Work/Projects/L1/L2/L3/L4/L5/L6/L7/L8/deep.txt");
    }

    @Test
    void aManagerSharesFurtherAndOthersCannot() {
        share(projects, alice, "manager", null);
        long reshare = shareAs(alice, sub, bob, "viewer", null);
        assertThat(bob.names(sub)).isEmpty();
        Res list = owner.as(api.get("/api/shares?nodeId=" + sub)).send().expect(200);
        assertThat(list.str("shares.0.grantee.name")).isEqualTo(bob.user.username());
        assertThat(list.str("shares.0.grantedBy")).isEqualTo(alice.user.id());

        // bob, a viewer, may not share onward, nor see or touch the shares of the item
        bob.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", sub, "userId", owner.user.id(), "role", "viewer"))
                .send()
                .expectError(403, "cannot_share");
        bob.as(api.get("/api/shares?nodeId=" + sub)).send().expectError(403, "cannot_share");
        bob.as(api.delete("/api/shares/" + reshare)).send().expectError(404, "not_found");
        bob.as(api.patch("/api/shares/" + reshare))
                .json(MiniJson.obj("role", "manager"))
                .send()
                .expectError(404, "not_found");
        // the owner may change and revoke what the manager made
        owner.as(api.patch("/api/shares/" + reshare))
                .json(MiniJson.obj("role", "editor"))
                .send()
                .expect(200);
        owner.as(api.delete("/api/shares/" + reshare)).send().expect(204);
        bob.as(api.get("/api/files/" + sub)).send().expectError(404, "not_found");
    }

    @Test
    void revocationAndExpiryActOnTheVeryNextRequest() throws InterruptedException {
        long grant = share(projects, alice, "editor", null);
        alice.as(api.get("/api/files/" + plan)).send().expect(200);
        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);
        alice.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        alice.as(api.get("/api/files/" + plan + "/content")).send().expectError(404, "not_found");

        Instant soon = Instant.now().plusSeconds(2);
        long expiring = share(projects, alice, "viewer", soon.toString());
        alice.as(api.get("/api/files/" + plan)).send().expect(200);
        Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis()) + 300);
        alice.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        assertThat(alice.as(api.get("/api/shares/incoming")).send().expect(200).list("items"))
                .isEmpty();
        // taking the expiry away brings it back
        owner.as(api.patch("/api/shares/" + expiring))
                .json("{\"expiresAt\":null}")
                .send()
                .expect(200);
        alice.as(api.get("/api/files/" + plan)).send().expect(200);
    }

    @Test
    void aFolderMovedOutOfTheSharedTree_isGoneForTheGranteeOnTheNextRequest() {
        share(projects, alice, "viewer", null);
        long inSub = owner.uploadOk(sub, "inside.txt", PLAN);
        // alice's requests inside Sub make the access check remember her level on that folder
        alice.as(api.get("/api/files/" + inSub)).send().expect(200);
        alice.as(api.get("/api/files/" + inSub + "/content")).send().expect(200);

        owner.as(api.patch("/api/files/" + sub))
                .json("{\"parentId\":" + work + "}")
                .send()
                .expect(200);

        alice.as(api.get("/api/files/" + inSub)).send().expectError(404, "not_found");
        alice.as(api.get("/api/files/" + sub + "/children")).send().expectError(404, "not_found");
        // moved back under the shared folder, it is visible again
        owner.as(api.patch("/api/files/" + sub))
                .json("{\"parentId\":" + projects + "}")
                .send()
                .expect(200);
        alice.as(api.get("/api/files/" + inSub)).send().expect(200);
    }

    @Test
    void deletingTheGroupAGrantWentTo_endsAccessOnTheNextRequest() {
        String group = api.asAdmin(api.post("/api/admin/groups"))
                .json(MiniJson.obj("name", Api.uniqueName("doomed")))
                .send()
                .expect(201)
                .str("id");
        api.asAdmin(api.put("/api/admin/groups/" + group + "/members/users/" + alice.user.id()))
                .send()
                .expect(204);
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", projects, "groupId", group, "role", "editor"))
                .send()
                .expect(201);
        alice.as(api.get("/api/files/" + plan)).send().expect(200);
        alice.as(api.get("/api/files/" + deepFile + "/content")).send().expect(200);

        api.asAdmin(api.delete("/api/admin/groups/" + group)).send().expect(204);

        alice.as(api.get("/api/files/" + plan)).send().expectError(404, "not_found");
        alice.as(api.get("/api/files/" + deepFile + "/content")).send().expectError(404, "not_found");
    }

    @Test
    void aGranteesStarredSharedItemIsAFavoriteWhileTheGrantLasts() {
        long grant = share(projects, alice, "viewer", null);
        alice.as(api.put("/api/favorites/" + plan)).send().expect(204);
        assertThat(alice.as(api.get("/api/favorites")).send().expect(200).body())
                .contains("\"id\":" + plan + ",");
        // the owner's own favorites are the owner's
        assertThat(owner.as(api.get("/api/favorites")).send().expect(200).body())
                .doesNotContain("\"id\":" + plan + ",");

        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);

        assertThat(alice.as(api.get("/api/favorites")).send().expect(200).body())
                .doesNotContain("\"id\":" + plan + ",");
    }

    @Test
    void sharedWithMeAndSharedByMe() {
        long grant = share(projects, alice, "editor", null);
        Res incoming = alice.as(api.get("/api/shares/incoming")).send().expect(200);
        assertThat(incoming.list("items")).hasSize(1);
        assertThat(incoming.num("items.0.shareId")).isEqualTo(grant);
        assertThat(incoming.num("items.0.node.id")).isEqualTo(projects);
        assertThat(incoming.str("items.0.owner.name")).isEqualTo(owner.user.username());
        assertThat(incoming.str("items.0.role")).isEqualTo("editor");
        assertThat(incoming.str("items.0.since")).isNotNull();

        Res outgoing = owner.as(api.get("/api/shares/outgoing")).send().expect(200);
        assertThat(outgoing.num("shares.0.id")).isEqualTo(grant);
        assertThat(outgoing.str("shares.0.grantee.type")).isEqualTo("user");
        assertThat(outgoing.str("shares.0.nodeName")).isEqualTo("Projects");
        assertThat(bob.as(api.get("/api/shares/outgoing")).send().expect(200).list("shares"))
                .isEmpty();

        // leaving hides it from alice's list; access stays until the owner revokes
        alice.as(api.put("/api/shares/" + grant + "/hidden")).send().expect(204);
        assertThat(alice.as(api.get("/api/shares/incoming")).send().expect(200).list("items"))
                .isEmpty();
        Res all = alice.as(api.get("/api/shares/incoming?hidden=true")).send().expect(200);
        assertThat(all.bool("items.0.hidden")).isTrue();
        alice.as(api.delete("/api/shares/" + grant + "/hidden")).send().expect(204);
        assertThat(alice.as(api.get("/api/shares/incoming")).send().expect(200).list("items"))
                .hasSize(1);
        // bob cannot hide a share that is not his
        bob.as(api.put("/api/shares/" + grant + "/hidden")).send().expectError(404, "not_found");
    }

    @Test
    void badRequestsAreRefusedAndChangeNothing() {
        long grant = share(projects, alice, "viewer", null);
        String a = alice.user.id();
        refuse(400, MiniJson.obj("nodeId", projects, "userId", a, "role", "owner"));
        refuse(400, MiniJson.obj("nodeId", projects, "role", "viewer"));
        refuse(400, MiniJson.obj("nodeId", projects, "userId", a, "groupId", a, "role", "viewer"));
        refuse(400, MiniJson.obj("nodeId", projects, "userId", "not-an-id", "role", "viewer"));
        refuse(400, MiniJson.obj("nodeId", "12", "userId", a, "role", "viewer"));
        refuse(400, MiniJson.obj("nodeId", sub, "userId", a, "role", "viewer", "expiresAt", "tomorrow"));
        refuse(400, MiniJson.obj("nodeId", sub, "userId", a, "role", "viewer", "expiresAt", "2001-01-01T00:00:00Z"));
        refuse(400, MiniJson.obj("nodeId", owner.rootId(), "userId", a, "role", "viewer"));
        refuse(400, MiniJson.obj("nodeId", sub, "userId", owner.user.id(), "role", "viewer"));
        refuse(404, MiniJson.obj("nodeId", sub, "userId", "00000000-0000-0000-0000-000000000001", "role", "viewer"));
        refuse(404, MiniJson.obj("nodeId", sub, "groupId", "00000000-0000-0000-0000-000000000001", "role", "viewer"));
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", projects, "userId", a, "role", "editor"))
                .send()
                .expectError(409, "already_shared");
        owner.as(api.post("/api/shares")).json("{not json").send().expect(400);
        owner.as(api.patch("/api/shares/" + grant))
                .json(MiniJson.obj("role", "boss"))
                .send()
                .expect(400);
        // the stranger cannot share the owner's item, nor learn that it exists
        bob.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", plan, "userId", bob.user.id(), "role", "manager"))
                .send()
                .expectError(404, "not_found");
        bob.as(api.get("/api/shares?nodeId=" + plan)).send().expectError(404, "not_found");

        Res list = owner.as(api.get("/api/shares?nodeId=" + projects)).send().expect(200);
        assertThat(list.list("shares")).hasSize(1);
        assertThat(list.str("shares.0.role")).isEqualTo("viewer");
        assertThat(owner.as(api.get("/api/shares?nodeId=" + sub))
                        .send()
                        .expect(200)
                        .list("shares"))
                .isEmpty();
    }

    @Test
    void theAuditTrailRecordsWhoDidWhatFromWhere() {
        long grant = share(projects, alice, "viewer", null);
        owner.as(api.patch("/api/shares/" + grant))
                .json(MiniJson.obj("role", "editor"))
                .send()
                .expect(200);
        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);

        Res trail = owner.as(api.get("/api/shares/audit")).send().expect(200);
        List<String> actions = trail.list("entries").stream()
                .map(e -> String.valueOf(((Map<?, ?>) e).get("action")))
                .toList();
        assertThat(actions).containsExactly("grant.revoke", "grant.update", "grant.create");
        assertThat(trail.str("entries.2.actorId")).isEqualTo(owner.user.id());
        assertThat(trail.str("entries.2.subject")).isEqualTo("user " + alice.user.username());
        assertThat(trail.str("entries.2.address")).isEqualTo("127.0.0.1");
        assertThat(trail.num("entries.2.nodeId")).isEqualTo(projects);

        // paged with the cursor
        Res first = owner.as(api.get("/api/shares/audit?limit=2")).send().expect(200);
        assertThat(first.list("entries")).hasSize(2);
        Res rest = owner.as(api.get("/api/shares/audit?limit=2&cursor=" + first.str("next")))
                .send()
                .expect(200);
        assertThat(rest.str("entries.0.action")).isEqualTo("grant.create");
        owner.as(api.get("/api/shares/audit?cursor=x.y")).send().expect(400);

        // nobody else's trail shows it; admins see everything
        assertThat(alice.as(api.get("/api/shares/audit")).send().expect(200).list("entries"))
                .isEmpty();
        alice.as(api.get("/api/admin/audit")).send().expect(403);
        assertThat(api.asAdmin(api.get("/api/admin/audit?limit=500"))
                        .send()
                        .expect(200)
                        .body())
                .contains("\"nodeId\":" + projects);
    }

    private long share(long node, FilesClient to, String role, String expiresAt) {
        return shareAs(owner, node, to, role, expiresAt);
    }

    private long shareAs(FilesClient by, long node, FilesClient to, String role, String expiresAt) {
        return by.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", node, "userId", to.user.id(), "role", role, "expiresAt", expiresAt))
                .send()
                .expect(201)
                .num("id");
    }

    private void refuse(int status, String body) {
        Res r = owner.as(api.post("/api/shares")).json(body).send().expect(status);
        assertThat(r.body()).as("a message says why").contains("\"message\"");
    }
}
