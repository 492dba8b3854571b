package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Req;
import dev.nubo.it.blackbox.Api.Res;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The IDOR matrix of issue 10, part 8: every REST operation that names a file, folder, grant, link, trashed item or
 * upload session, every WebDAV method and the Nextcloud endpoints, tried by five callers on one owner's shared folder —
 * a stranger with no grant, a viewer, a user whose grant has expired, a user whose group membership (the grant's way
 * in) was removed, and (for lists) the same callers' own lists. Without a live grant the answer is 404, exactly as for
 * an id nobody has; a viewer reads and never writes (403); and none of the refused requests changes anything of the
 * owner's. The REST operations are taken from the server's OpenAPI document, so a new operation that names a
 * resource fails {@link #everyOperationIsInTheMatrix} until it is added here.
 */
@ExtendWith(SharedServer.class)
class IdorMatrixIT {
    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient viewer;
    FilesClient stranger;
    FilesClient expired;
    FilesClient leaver;
    Map<String, FilesClient> outsiders;
    long work;
    long projects;
    long sub;
    long plan;
    long photo;
    long trashed;
    long viewerGrant;
    long link;
    String session;
    String marker;
    String drive;
    long driveFile;

    /** owner: /Work/{secret-…txt, Projects/{plan.txt, photo.png, Sub/inner.txt}}, Projects shared four ways. */
    @BeforeEach
    void sharedFolder() throws InterruptedException {
        marker = "idor" + System.nanoTime();
        owner = FilesClient.newUser(api, "iowner", null);
        viewer = FilesClient.newUser(api, "iviewer", null);
        stranger = FilesClient.newUser(api, "istranger", null);
        expired = FilesClient.newUser(api, "iexpired", null);
        leaver = FilesClient.newUser(api, "ileaver", null);
        outsiders = new LinkedHashMap<>();
        outsiders.put("stranger", stranger);
        outsiders.put("expired", expired);
        outsiders.put("leaver", leaver);

        work = owner.mkdir(owner.rootId(), "Work");
        projects = owner.mkdir(work, "Projects");
        sub = owner.mkdir(projects, "Sub");
        plan = owner.uploadOk(projects, "plan-" + marker + ".txt", "the plan\n".getBytes(StandardCharsets.UTF_8));
        photo = owner.uploadOk(projects, "photo.png", png());
        owner.uploadOk(sub, "inner.txt", "inner\n".getBytes(StandardCharsets.UTF_8));
        owner.uploadOk(work, "secret-" + marker + ".txt", "beside\n".getBytes(StandardCharsets.UTF_8));
        trashed = owner.uploadOk(projects, "old.txt", "old\n".getBytes(StandardCharsets.UTF_8));
        owner.trash(trashed);
        owner.as(api.put("/api/favorites/" + plan)).send().expect(204);
        session = owner.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", projects, "name", "resumed.bin", "size", 10))
                .send()
                .expect(201)
                .str("id");
        link = owner.as(api.post("/api/links"))
                .json(MiniJson.obj("nodeId", projects, "permission", "view"))
                .send()
                .expect(201)
                .num("id");

        // a shared drive the owner manages, with one file in it
        Res made = api.asAdmin(api.post("/api/admin/drives"))
                .json(MiniJson.obj("name", "drive-" + marker))
                .send()
                .expect(201);
        drive = made.str("id");
        api.asAdmin(api.put("/api/drives/" + drive + "/members/users/" + owner.user.id()))
                .json(MiniJson.obj("role", "manager"))
                .send()
                .expect(200);
        driveFile = owner.uploadOk(
                made.num("rootId"), "drive-" + marker + ".txt", "team\n".getBytes(StandardCharsets.UTF_8));

        viewerGrant = share(projects, viewer, "viewer", null);
        String group = api.asAdmin(api.post("/api/admin/groups"))
                .json(MiniJson.obj("name", Api.uniqueName("ileavers")))
                .send()
                .expect(201)
                .str("id");
        membership(api.put("/api/admin/groups/" + group + "/members/users/" + leaver.user.id()));
        owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", projects, "groupId", group, "role", "editor"))
                .send()
                .expect(201);
        Instant soon = Instant.now().plusSeconds(2);
        share(projects, expired, "editor", soon.toString());

        // both had access (and the access check remembered their level on the folder) ...
        for (FilesClient once : List.of(expired, leaver)) {
            once.as(api.get("/api/files/" + plan)).send().expect(200);
            once.as(api.get("/api/files/" + projects + "/children")).send().expect(200);
            // a star on a shared item must not keep it in their lists once access ends
            once.as(api.put("/api/favorites/" + plan)).send().expect(204);
            // the leaver's way in is a group grant: it reaches the DAV surfaces too, while it lasts
            for (String surface : List.of("/dav/files/", "/nextcloud/remote.php/dav/files/")) {
                String mine = surface + once.user.username() + "/Shared%20with%20me/Projects/";
                assertThat(once.as(api.method("PROPFIND", mine))
                                .header("Depth", "1")
                                .send()
                                .expect(207)
                                .body())
                        .contains("plan-" + marker);
                once.as(api.get(mine + "plan-" + marker + ".txt")).send().expect(200);
            }
        }
        // ... until the grant expired and the membership went
        membership(api.delete("/api/admin/groups/" + group + "/members/users/" + leaver.user.id()));
        Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis()) + 200);
    }

    /** One REST operation on one resource, as the OpenAPI document names it. */
    record Op(String method, String template, Function<FilesClient, Req> request) {
        String key() {
            return method + " " + template;
        }
    }

    /** Operations that only read a node (viewer: 2xx). */
    List<Op> nodeReads() {
        return List.of(
                op("GET", "/api/files/{id}", u -> get(u, "/api/files/" + plan)),
                op("GET", "/api/files/{id}/ancestors", u -> get(u, "/api/files/" + plan + "/ancestors")),
                op("GET", "/api/files/{id}/children", u -> get(u, "/api/files/" + projects + "/children")),
                op("GET", "/api/files/{id}/folders", u -> get(u, "/api/files/" + projects + "/folders")),
                op("GET", "/api/files/{id}/content", u -> get(u, "/api/files/" + plan + "/content")),
                op("HEAD", "/api/files/{id}/content", u -> u.as(api.head("/api/files/" + plan + "/content"))),
                op("GET", "/api/files/{id}/thumbnail", u -> get(u, "/api/files/" + photo + "/thumbnail?size=icon")),
                op("GET", "/api/files/{id}/zip", u -> get(u, "/api/files/" + projects + "/zip")),
                op("GET", "/api/files/zip", u -> get(u, "/api/files/zip?ids=" + plan)),
                op(
                        "POST",
                        "/api/files/{id}/copy",
                        u -> u.as(api.post("/api/files/" + plan + "/copy"))
                                .json(MiniJson.obj("parentId", u.rootId(), "name", "copied.txt"))),
                op("PUT", "/api/favorites/{id}", u -> u.as(api.put("/api/favorites/" + plan))),
                op("DELETE", "/api/favorites/{id}", u -> u.as(api.delete("/api/favorites/" + plan))));
    }

    /** Operations that change a node or what is in it (viewer: 403). */
    List<Op> nodeWrites() {
        return List.of(
                op("DELETE", "/api/files/{id}", u -> u.as(api.delete("/api/files/" + plan))),
                op(
                        "PATCH",
                        "/api/files/{id}",
                        u -> u.as(api.patch("/api/files/" + plan)).json(MiniJson.obj("name", "renamed.txt"))),
                op(
                        "POST",
                        "/api/files/{id}/children",
                        u -> u.as(api.post("/api/files/" + projects + "/children"))
                                .bytes(
                                        "multipart/form-data; boundary=XyZ",
                                        FilesAuthorizationIT.multipart(
                                                "XyZ", "up.txt", "up".getBytes(StandardCharsets.UTF_8)))),
                op(
                        "PUT",
                        "/api/files/{id}/children/{name}",
                        u -> u.as(api.put("/api/files/" + projects + "/children/new.txt"))
                                .bytes("application/octet-stream", "new".getBytes(StandardCharsets.UTF_8))),
                op(
                        "PUT",
                        "/api/files/{id}/content",
                        u -> u.as(api.put("/api/files/" + plan + "/content"))
                                .bytes("application/octet-stream", "overwritten".getBytes(StandardCharsets.UTF_8))),
                op(
                        "POST",
                        "/api/files/{id}/folders",
                        u -> u.as(api.post("/api/files/" + projects + "/folders"))
                                .json(MiniJson.obj("name", "New"))),
                op(
                        "POST",
                        "/api/uploads",
                        u -> u.as(api.post("/api/uploads"))
                                .json(MiniJson.obj("parentId", projects, "name", "big.bin", "size", 10))));
    }

    /** Operations that share a node further (viewer: 403; they need the manager role). */
    List<Op> nodeShares() {
        return List.of(
                op("GET", "/api/shares", u -> get(u, "/api/shares?nodeId=" + projects)),
                op(
                        "POST",
                        "/api/shares",
                        u -> u.as(api.post("/api/shares"))
                                .json(MiniJson.obj(
                                        "nodeId", projects, "userId", stranger.user.id(), "role", "editor"))),
                op("GET", "/api/links", u -> get(u, "/api/links?nodeId=" + projects)),
                op(
                        "POST",
                        "/api/links",
                        u -> u.as(api.post("/api/links"))
                                .json(MiniJson.obj("nodeId", projects, "permission", "edit"))));
    }

    /** Operations on the owner's grants, links, trash and upload sessions: 404 for everyone else, viewer included. */
    List<Op> ownersThings() {
        return List.of(
                op(
                        "PATCH",
                        "/api/shares/{id}",
                        u -> u.as(api.patch("/api/shares/" + viewerGrant)).json(MiniJson.obj("role", "manager"))),
                op("DELETE", "/api/shares/{id}", u -> u.as(api.delete("/api/shares/" + viewerGrant))),
                op(
                        "PATCH",
                        "/api/links/{id}",
                        u -> u.as(api.patch("/api/links/" + link)).json(MiniJson.obj("permission", "edit"))),
                op("DELETE", "/api/links/{id}", u -> u.as(api.delete("/api/links/" + link))),
                op("GET", "/api/links/{id}/audit", u -> get(u, "/api/links/" + link + "/audit")),
                op("POST", "/api/trash/{id}/restore", u -> u.as(api.post("/api/trash/" + trashed + "/restore"))),
                op("DELETE", "/api/trash/{id}", u -> u.as(api.delete("/api/trash/" + trashed))),
                op("GET", "/api/uploads/{id}", u -> get(u, "/api/uploads/" + session)),
                op("HEAD", "/api/uploads/{id}", u -> u.as(api.head("/api/uploads/" + session))),
                op(
                        "PATCH",
                        "/api/uploads/{id}",
                        u -> u.as(api.patch("/api/uploads/" + session))
                                .header("Upload-Offset", "0")
                                .bytes("application/offset+octet-stream", "01234".getBytes(StandardCharsets.US_ASCII))),
                op(
                        "POST",
                        "/api/uploads/{id}/complete",
                        u -> u.as(api.post("/api/uploads/" + session + "/complete"))
                                .json("{}")),
                op("DELETE", "/api/uploads/{id}", u -> u.as(api.delete("/api/uploads/" + session))));
    }

    /** A shared drive's members, items, trash and search: 404 for everyone who is not a member. */
    List<Op> driveOps() {
        return List.of(
                op("GET", "/api/drives/{id}/members", u -> get(u, "/api/drives/" + drive + "/members")),
                op(
                        "PUT",
                        "/api/drives/{id}/members/{kind}/{memberId}",
                        u -> u.as(api.put("/api/drives/" + drive + "/members/users/" + u.user.id()))
                                .json(MiniJson.obj("role", "manager"))),
                op(
                        "DELETE",
                        "/api/drives/{id}/members/{kind}/{memberId}",
                        u -> u.as(api.delete("/api/drives/" + drive + "/members/users/" + owner.user.id()))),
                op("GET", "/api/files/{id}", u -> get(u, "/api/files/" + driveFile)),
                op("GET", "/api/trash", u -> get(u, "/api/trash?drive=" + drive)),
                op("GET", "/api/search", u -> get(u, "/api/search?drive=" + drive + "&q=" + marker)));
    }

    /** The grant that reaches the viewer: theirs to hide, nobody else's. */
    List<Op> recipientOnly() {
        return List.of(
                op("PUT", "/api/shares/{id}/hidden", u -> u.as(api.put("/api/shares/" + viewerGrant + "/hidden"))),
                op(
                        "DELETE",
                        "/api/shares/{id}/hidden",
                        u -> u.as(api.delete("/api/shares/" + viewerGrant + "/hidden"))));
    }

    /** The caller's own lists: none may show an item of the owner's that the caller has no live grant on. */
    List<Op> ownLists() {
        return List.of(
                op("GET", "/api/files/root", u -> get(u, "/api/files/root")),
                op("GET", "/api/favorites", u -> get(u, "/api/favorites")),
                op("GET", "/api/recent", u -> get(u, "/api/recent")),
                op("GET", "/api/search", u -> get(u, "/api/search?q=" + marker)),
                op("GET", "/api/search/suggest", u -> get(u, "/api/search/suggest?q=" + marker)),
                op("GET", "/api/trash", u -> get(u, "/api/trash")),
                op("GET", "/api/shares/incoming", u -> get(u, "/api/shares/incoming?hidden=true")),
                op("GET", "/api/shares/outgoing", u -> get(u, "/api/shares/outgoing")),
                op("GET", "/api/shares/audit", u -> get(u, "/api/shares/audit")),
                op("GET", "/api/usage", u -> get(u, "/api/usage")),
                op("GET", "/api/drives", u -> get(u, "/api/drives")));
    }

    /**
     * Operations that cannot name another user's resource, with where they are tested: the caller's account, admin
     * only, the caller's own calendars and address books (addressed by the caller's own names), public links (a
     * token, not an account).
     */
    static final Set<String> NOT_RESOURCE_SCOPED_PREFIXES = Set.of(
            " /api/auth/", // the caller's own account, sessions, app passwords (SessionRevocationIT, LoginAndRefreshIT)
            " /api/admin/", // 403 for non-admins (AdminApiIT, GroupsApiIT)
            " /api/calendars", // the caller's own calendars (PimRestIT)
            " /api/addressbooks", // the caller's own address books (PimRestIT)
            " /api/public/links/", // a link's token decides (PublicLinksIT)
            " /api/health",
            " /api/setup",
            " /api/sharees"); // names of users and groups to share with, by design

    static final Set<String> NOT_RESOURCE_SCOPED = Set.of(
            "POST /api/files/batch", // per-item results: batchActionsReportEachItemAsNotFoundOrForbidden
            "DELETE /api/trash"); // empties the caller's own trash

    @Test
    void everyOperationIsInTheMatrix() {
        Object doc = MiniJson.parse(api.get("/openapi")
                .header("Accept", "application/json")
                .send()
                .expect(200)
                .body());
        Set<String> missing = new TreeSet<>();
        Set<String> covered = new TreeSet<>();
        for (List<Op> ops : List.of(
                nodeReads(), nodeWrites(), nodeShares(), ownersThings(), recipientOnly(), ownLists(), driveOps())) {
            ops.forEach(o -> covered.add(o.key()));
        }
        Map<?, ?> paths = (Map<?, ?>) MiniJson.at(doc, "paths");
        for (Map.Entry<?, ?> path : paths.entrySet()) {
            for (Object method : ((Map<?, ?>) path.getValue()).keySet()) {
                String m = method.toString().toUpperCase();
                if (!Set.of("GET", "HEAD", "PUT", "POST", "PATCH", "DELETE").contains(m)) {
                    continue;
                }
                String key = m + " " + path.getKey();
                boolean elsewhere = NOT_RESOURCE_SCOPED.contains(key)
                        || NOT_RESOURCE_SCOPED_PREFIXES.stream().anyMatch(p -> (" " + path.getKey()).startsWith(p));
                if (!covered.contains(key) && !elsewhere) {
                    missing.add(key);
                }
            }
        }
        assertThat(missing).as("operations the IDOR matrix does not try").isEmpty();
        assertThat(covered).as("the matrix names only operations that exist").allSatisfy(key -> {
            String[] parts = key.split(" ", 2);
            assertThat(paths.keySet()).map(Object::toString).contains(parts[1]);
        });
    }

    @Test
    void withoutALiveGrant_everyOperationOnTheSharedItemsIs404_andChangesNothing() {
        String before = ownerState();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
            for (List<Op> ops :
                    List.of(nodeReads(), nodeWrites(), nodeShares(), ownersThings(), recipientOnly(), driveOps())) {
                for (Op op : ops) {
                    Res r = op.request().apply(who.getValue()).send();
                    if (r.status() != 404
                            || !(op.method().equals("HEAD") || r.body().contains("\"not_found\""))) {
                        wrong.add(who.getKey() + " " + op.key() + " -> " + r.status() + " " + r.body());
                    }
                }
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(ownerState()).isEqualTo(before);
    }

    @Test
    void aViewerReads_butEveryWriteIs403_andChangesNothing() {
        List<String> wrong = new ArrayList<>();
        for (Op op : nodeReads()) {
            Res r = op.request().apply(viewer).send();
            if (r.status() / 100 != 2) {
                wrong.add("viewer " + op.key() + " -> " + r.status() + " " + r.body());
            }
        }
        String before = ownerState();
        for (List<Op> ops : List.of(nodeWrites(), nodeShares())) {
            for (Op op : ops) {
                Res r = op.request().apply(viewer).send();
                if (r.status() != 403) {
                    wrong.add("viewer " + op.key() + " -> " + r.status() + " " + r.body());
                }
            }
        }
        for (Op op : concatOps(ownersThings(), driveOps())) {
            Res r = op.request().apply(viewer).send();
            if (r.status() != 404) {
                wrong.add("viewer " + op.key() + " -> " + r.status() + " " + r.body());
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(ownerState()).isEqualTo(before);
        // the viewer's own share is theirs to hide and bring back
        for (Op op : recipientOnly()) {
            op.request().apply(viewer).send().expect(204);
        }
    }

    @Test
    void noListOfAnOutsiderShowsTheOwnersItems_andAViewersListsNeverShowWhatIsBesideTheShare() {
        List<String> wrong = new ArrayList<>();
        for (Op op : ownLists()) {
            for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
                Res r = op.request().apply(who.getValue()).send().expect(200);
                if (r.body().contains(marker) || r.body().contains("\"id\":" + plan + ",")) {
                    wrong.add(who.getKey() + " " + op.key() + " -> " + r.body());
                }
            }
            Res r = op.request().apply(viewer).send().expect(200);
            if (r.body().contains("secret-" + marker)) {
                wrong.add("viewer " + op.key() + " -> " + r.body());
            }
        }
        // the Nextcloud clients' favorites REPORT, and a PROPFIND of the whole "Shared with me" collection
        for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
            FilesClient u = who.getValue();
            String root = "/nextcloud/remote.php/dav/files/" + u.user.username() + "/";
            for (Res r : List.of(
                    dav(u, "REPORT", root).send(),
                    u.as(api.method("PROPFIND", root + "Shared%20with%20me/"))
                            .header("Depth", "1")
                            .send())) {
                if (r.status() != 207 || r.body().contains(marker)) {
                    wrong.add(who.getKey() + " " + r.request() + " -> " + r.status() + " " + r.body());
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void batchActionsReportEachItemAsNotFoundOrForbidden() {
        String before = ownerState();
        for (String action : List.of("delete", "move", "copy")) {
            for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
                long target = who.getValue().rootId();
                String body = who.getValue()
                        .as(api.post("/api/files/batch"))
                        .json(MiniJson.obj("action", action, "ids", List.of(plan, projects), "targetId", target))
                        .send()
                        .expect(200)
                        .body();
                assertThat(body)
                        .as(who.getKey() + " " + action)
                        .contains("not_found")
                        .doesNotContain("\"ok\":true");
            }
            // the viewer may copy out what they can read, never delete or move it
            Res r = viewer.as(api.post("/api/files/batch"))
                    .json(MiniJson.obj("action", action, "ids", List.of(plan), "targetId", viewer.rootId()))
                    .send()
                    .expect(200);
            if (action.equals("copy")) {
                assertThat(r.body()).doesNotContain("not_found").doesNotContain("forbidden");
            } else {
                assertThat(r.body()).as("viewer " + action).doesNotContain("not_found");
                assertThat(r.body()).as("viewer " + action).containsAnyOf("shared_item_fixed", "read_only");
            }
        }
        assertThat(ownerState()).isEqualTo(before);
    }

    static final List<String> DAV_READS = List.of("PROPFIND", "GET", "HEAD");
    /** Methods that change an existing file (MKCOL on an existing one is 405 for everyone, so it is tried apart). */
    static final List<String> DAV_WRITES = List.of("PUT", "DELETE", "MOVE", "PROPPATCH", "LOCK");

    @Test
    void overWebDavAndNextcloud_outsidersFindNothing_andAViewerOnlyReads() {
        String before = ownerState();
        List<String> wrong = new ArrayList<>();
        for (String surface : List.of("/dav/files/", "/nextcloud/remote.php/dav/files/")) {
            for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
                FilesClient u = who.getValue();
                String own = surface + u.user.username() + "/Shared%20with%20me/Projects/";
                String owners = surface + owner.user.username() + "/Work/Projects/";
                for (String method : concat(DAV_READS, DAV_WRITES, List.of("MKCOL", "COPY", "UNLOCK", "REPORT"))) {
                    for (String target : List.of(owners + "plan-" + marker + ".txt", own + "plan-" + marker + ".txt")) {
                        if (method.equals("REPORT") && target.startsWith(own)) {
                            continue; // lists the caller's own favorites whatever the path: checked with the lists
                        }
                        Res r = dav(u, method, target).send();
                        // in the caller's own namespace a missing parent is 409 for PUT, MKCOL and LOCK (RFC 4918
                        // 9.7.1, 9.3.1, 9.10.4) and an unknown lock token 409 for UNLOCK (9.11.1): that reveals
                        // nothing of the owner's; in the owner's namespace everything is 404
                        boolean allowed = r.status() == 404
                                || (target.startsWith(own)
                                        && r.status() == 409
                                        && Set.of("PUT", "MKCOL", "LOCK", "UNLOCK")
                                                .contains(method));
                        if (!allowed) {
                            wrong.add(who.getKey() + " " + method + " " + target + " -> " + r.status());
                        }
                    }
                }
            }
            String mine = surface + viewer.user.username() + "/Shared%20with%20me/Projects/";
            for (String method : DAV_READS) {
                Res r = dav(viewer, method, mine + "plan-" + marker + ".txt").send();
                if (r.status() / 100 != 2) {
                    wrong.add("viewer " + method + " " + surface + " -> " + r.status());
                }
            }
            for (String method : DAV_WRITES) {
                Res r = dav(viewer, method, mine + "plan-" + marker + ".txt").send();
                if (r.status() != 403) {
                    wrong.add("viewer " + method + " " + surface + " -> " + r.status());
                }
            }
            Res mkcol = dav(viewer, "MKCOL", mine + "New/").send();
            if (mkcol.status() != 403) {
                wrong.add("viewer MKCOL new " + surface + " -> " + mkcol.status());
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(ownerState()).isEqualTo(before);
    }

    @Test
    void nextcloudSharesAndPreviews_areNotFoundWithoutALiveGrant() {
        String before = ownerState();
        String shares = "/nextcloud/ocs/v2.php/apps/files_sharing/api/v1/shares/" + viewerGrant + "?format=json";
        String preview = "/nextcloud/index.php/core/preview?fileId=" + photo + "&x=32&y=32";
        for (Map.Entry<String, FilesClient> who : outsiders.entrySet()) {
            FilesClient u = who.getValue();
            for (Req r : List.of(
                    u.as(api.get(shares)),
                    u.as(api.put(shares)).body("application/x-www-form-urlencoded", "permissions=31"),
                    u.as(api.delete(shares)),
                    u.as(api.get(preview)))) {
                assertThat(r.header("OCS-APIRequest", "true").send().status())
                        .as(who.getKey() + " " + r)
                        .isEqualTo(404);
            }
        }
        viewer.as(api.get(preview)).send().expect(200);
        assertThat(viewer.as(api.put(shares))
                        .header("OCS-APIRequest", "true")
                        .body("application/x-www-form-urlencoded", "permissions=31")
                        .send()
                        .status())
                .as("a recipient cannot change their own grant")
                .isEqualTo(404);
        assertThat(ownerState()).isEqualTo(before);
    }

    private Req dav(FilesClient u, String method, String path) {
        Req r = u.as(api.method(method, path));
        return switch (method) {
            case "PROPFIND" -> r.header("Depth", "0");
            case "PUT" -> r.bytes("application/octet-stream", "dav".getBytes(StandardCharsets.UTF_8));
            case "MOVE", "COPY" ->
                r.header(
                        "Destination",
                        path.substring(0, path.indexOf("/files/") + "/files/".length()) + u.user.username() + "/moved-"
                                + method + ".txt");
            case "PROPPATCH" -> r.body("application/xml", SharingDavIT.DEAD);
            case "LOCK" ->
                r.body(
                        "application/xml",
                        "<?xml version=\"1.0\"?><d:lockinfo xmlns:d=\"DAV:\"><d:lockscope><d:exclusive/></d:lockscope>"
                                + "<d:locktype><d:write/></d:locktype></d:lockinfo>");
            case "UNLOCK" -> r.header("Lock-Token", "<urn:uuid:00000000-0000-0000-0000-000000000000>");
            case "REPORT" ->
                r.body(
                        "application/xml",
                        "<?xml version=\"1.0\"?><oc:filter-files xmlns:d=\"DAV:\" xmlns:oc=\"" + NextcloudIT.OC
                                + "\"><oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules></oc:filter-files>");
            default -> r;
        };
    }

    /** Everything of the owner's a refused request might have changed, as one string. */
    private String ownerState() {
        StringBuilder s = new StringBuilder();
        for (long folder : new long[] {work, projects, sub}) {
            s.append(owner.as(api.get("/api/files/" + folder + "/children"))
                    .send()
                    .expect(200)
                    .body());
        }
        s.append(owner.node(plan).expect(200).body());
        s.append(new String(owner.download(plan), StandardCharsets.UTF_8));
        s.append(owner.as(api.get("/api/trash")).send().expect(200).body());
        s.append(owner.as(api.get("/api/favorites")).send().expect(200).body());
        s.append(owner.as(api.get("/api/shares?nodeId=" + projects))
                .send()
                .expect(200)
                .body());
        s.append(owner.as(api.get("/api/links?nodeId=" + projects))
                .send()
                .expect(200)
                .body());
        s.append(owner.as(api.get("/api/uploads/" + session)).send().expect(200).body());
        s.append(owner.usage().expect(200).body());
        s.append(owner.as(api.get("/api/drives/" + drive + "/members"))
                .send()
                .expect(200)
                .body());
        s.append(owner.node(driveFile).expect(200).body());
        return s.toString();
    }

    private long share(long node, FilesClient to, String role, String expiresAt) {
        return owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", node, "userId", to.user.id(), "role", role, "expiresAt", expiresAt))
                .send()
                .expect(201)
                .num("id");
    }

    private void membership(Req r) {
        api.asAdmin(r).send().expect(204);
    }

    private Req get(FilesClient u, String path) {
        return u.as(api.get(path));
    }

    private static Op op(String method, String template, Function<FilesClient, Req> request) {
        return new Op(method, template, request);
    }

    private static List<Op> concatOps(List<Op> a, List<Op> b) {
        List<Op> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        List<String> all = new ArrayList<>();
        for (List<String> l : lists) {
            all.addAll(l);
        }
        return all;
    }

    private static byte[] png() {
        BufferedImage image = new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB);
        image.setRGB(3, 4, 0xff8800);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }
}
