package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Shares on the DAV surfaces (issue 10, parts 2, 3 and 8): the "Shared with me" collection in each user's root, what
 * each role may do by path beneath it over WebDAV and in the Nextcloud dialect, that the collection itself is
 * read-only, that revocation and expiry act on the next request, that two shares of one name get distinct names,
 * and that nothing outside a grant can be reached by path.
 */
@ExtendWith(SharedServer.class)
class SharingDavIT {
    static final String OC = NextcloudIT.OC;
    static final String SHARED = "Shared%20with%20me/";
    static final byte[] PLAN = "the plan, version one\n".getBytes(StandardCharsets.UTF_8);
    static final String NC_PROPS = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"" + OC
            + "\"><d:prop><d:getetag/><d:resourcetype/><oc:fileid/><oc:permissions/><oc:owner-id/>"
            + "<oc:owner-display-name/><oc:share-types/></d:prop></d:propfind>";
    static final String DEAD = "<?xml version=\"1.0\"?><d:propertyupdate xmlns:d=\"DAV:\" xmlns:x=\"urn:x\">"
            + "<d:set><d:prop><x:note>hi</x:note></d:prop></d:set></d:propertyupdate>";

    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient alice;
    FilesClient bob;
    long work;
    long projects;
    long sub;
    long plan;

    /** owner: /Work/Projects/{plan.txt, Sub/}, /Work/secret.txt beside the shared folder. */
    @BeforeEach
    void tree() {
        owner = FilesClient.newUser(api, "downer", null);
        alice = FilesClient.newUser(api, "dalice", null);
        bob = FilesClient.newUser(api, "dbob", null);
        work = owner.mkdir(owner.rootId(), "Work");
        projects = owner.mkdir(work, "Projects");
        sub = owner.mkdir(projects, "Sub");
        plan = owner.uploadOk(projects, "plan.txt", PLAN);
        owner.uploadOk(work, "secret.txt", "beside".getBytes(StandardCharsets.UTF_8));
    }

    static String dav(FilesClient u) {
        return "/dav/files/" + u.user.username() + "/";
    }

    static String nc(FilesClient u) {
        return "/nextcloud/remote.php/dav/files/" + u.user.username() + "/";
    }

    @Test
    void theRootListsTheCollection_whichListsTheSharedItemsWithTheirOwnIdsAndEtags() {
        String rootBefore = etag(alice, dav(alice));
        share(projects, alice, "viewer", null);
        // sync clients poll the root's etag: a new share is a change below the root
        String rootShared = etag(alice, dav(alice));
        assertThat(rootShared).isNotEqualTo(rootBefore);
        owner.uploadOk(sub, "changed-inside.txt", PLAN);
        assertThat(etag(alice, dav(alice))).isNotEqualTo(rootShared);

        List<String> root = hrefs(propfind(alice, dav(alice), "1", null));
        assertThat(root).contains(dav(alice) + SHARED);

        List<DavXmlDoc.Response> members = DavXmlDoc.parse(
                        propfind(alice, dav(alice) + SHARED, "1", null).body())
                .responses();
        assertThat(members)
                .extracting(DavXmlDoc.Response::href)
                .containsExactly(dav(alice) + SHARED, dav(alice) + SHARED + "Projects/");
        String ownersEtag = etag(owner, dav(owner) + "Work/Projects/");
        assertThat(members.get(1).prop(DavXmlDoc.DAV, "getetag")).isEqualTo(ownersEtag);

        assertThat(hrefs(propfind(alice, dav(alice) + SHARED + "Projects/", "1", null)))
                .containsExactly(
                        dav(alice) + SHARED + "Projects/",
                        dav(alice) + SHARED + "Projects/Sub/",
                        dav(alice) + SHARED + "Projects/plan.txt");

        // a stranger's collection is empty, and the owner's paths are not theirs to address
        assertThat(hrefs(propfind(bob, dav(bob) + SHARED, "1", null))).containsExactly(dav(bob) + SHARED);
        bob.as(api.method("PROPFIND", dav(owner) + "Work/Projects/"))
                .header("Depth", "0")
                .send()
                .expect(404);
        bob.as(api.method("PROPFIND", dav(bob) + SHARED + "Projects/"))
                .header("Depth", "0")
                .send()
                .expect(404);
    }

    @Test
    void aViewerReadsWithRanges_butEveryWriteIs403AndChangesNothing() {
        share(projects, alice, "viewer", null);
        String p = dav(alice) + SHARED + "Projects/";

        assertThat(alice.as(api.get(p + "plan.txt")).send().expect(200).body()).isEqualTo(new String(PLAN));
        Res range = alice.as(api.get(p + "plan.txt"))
                .header("Range", "bytes=4-7")
                .send()
                .expect(206);
        assertThat(range.body()).isEqualTo("plan");
        alice.as(api.head(p + "plan.txt")).send().expect(200);

        alice.as(api.put(p + "plan.txt"))
                .bytes("text/plain", "changed".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(403);
        alice.as(api.put(p + "new.txt")).bytes("text/plain", PLAN).send().expect(403);
        alice.as(api.method("MKCOL", p + "New")).send().expect(403);
        alice.as(api.delete(p + "plan.txt")).send().expect(403);
        alice.as(api.method("MOVE", p + "plan.txt"))
                .header("Destination", p + "Sub/plan.txt")
                .send()
                .expect(403);
        alice.as(api.method("COPY", p + "plan.txt"))
                .header("Destination", p + "Sub/plan.txt")
                .send()
                .expect(403);
        alice.as(api.method("PROPPATCH", p + "plan.txt"))
                .body("application/xml", DEAD)
                .send()
                .expect(403);
        alice.as(api.method("LOCK", p + "plan.txt"))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(403);

        assertThat(owner.download(plan)).isEqualTo(PLAN);
        assertThat(owner.names(projects)).containsExactly("Sub", "plan.txt");
        assertThat(owner.names(sub)).isEmpty();
    }

    @Test
    void anEditorWritesInsideByPath_butTheSharedItemStaysWhereItsOwnerPutIt() {
        share(projects, alice, "editor", null);
        String p = dav(alice) + SHARED + "Projects/";
        byte[] added = "added by alice".getBytes(StandardCharsets.UTF_8);

        alice.as(api.put(p + "added.txt")).bytes("text/plain", added).send().expect(201);
        alice.as(api.put(p + "plan.txt")).bytes("text/plain", added).send().expect(204);
        assertThat(owner.download(plan)).isEqualTo(added);
        alice.as(api.method("MKCOL", p + "New")).send().expect(201);
        alice.as(api.method("MOVE", p + "added.txt"))
                .header("Destination", p + "New/moved.txt")
                .send()
                .expect(201);
        alice.as(api.method("COPY", p + "New/moved.txt"))
                .header("Destination", p + "Sub/copied.txt")
                .send()
                .expect(201);
        alice.as(api.method("PROPPATCH", p + "Sub/copied.txt"))
                .body("application/xml", DEAD)
                .send()
                .expect(207);
        Res lock = alice.as(api.method("LOCK", p + "Sub/copied.txt"))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(200);
        alice.as(api.method("UNLOCK", p + "Sub/copied.txt"))
                .header("Lock-Token", lock.header("Lock-Token"))
                .send()
                .expect(204);
        alice.as(api.delete(p + "New")).send().expect(204);

        assertThat(owner.names(projects)).containsExactly("Sub", "plan.txt");
        assertThat(owner.names(sub)).containsExactly("copied.txt");
        assertThat(owner.trashed()).extracting(t -> FilesClient.str(t, "name")).contains("New");
        assertThat(alice.usage().num("usedBytes")).isZero();

        // the shared folder itself: not deleted, moved or renamed by the grantee
        alice.as(api.delete(p)).send().expect(403);
        alice.as(api.method("MOVE", p))
                .header("Destination", dav(alice) + "Mine/")
                .send()
                .expect(403);
        // across owners: MOVE answers 502 (copy, then delete), COPY works
        alice.as(api.put(dav(alice) + "own.txt"))
                .bytes("text/plain", added)
                .send()
                .expect(201);
        alice.as(api.method("MOVE", dav(alice) + "own.txt"))
                .header("Destination", p + "own.txt")
                .send()
                .expect(502);
        alice.as(api.method("MOVE", p + "plan.txt"))
                .header("Destination", dav(alice) + "plan.txt")
                .send()
                .expect(502);
        alice.as(api.method("COPY", p + "plan.txt"))
                .header("Destination", dav(alice) + "plan.txt")
                .send()
                .expect(201);
        assertThat(alice.as(api.get(dav(alice) + "plan.txt")).send().expect(200).body())
                .isEqualTo(new String(added));
    }

    @Test
    void theCollectionItselfIsReadOnly_andGivesWayToAnOwnItemOfItsName() {
        share(projects, alice, "editor", null);
        String c = dav(alice) + SHARED;
        alice.as(api.method("MKCOL", c + "New")).send().expect(403);
        alice.as(api.put(c + "x.txt")).bytes("text/plain", PLAN).send().expect(403);
        alice.as(api.method("MKCOL", c)).send().expect(403);
        alice.as(api.delete(c)).send().expect(403);
        alice.as(api.method("MOVE", c))
                .header("Destination", dav(alice) + "Elsewhere/")
                .send()
                .expect(403);
        alice.as(api.method("PROPPATCH", c))
                .body("application/xml", DEAD)
                .send()
                .expect(403);
        alice.as(api.method("LOCK", c))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(403);
        alice.as(api.method("COPY", dav(alice) + SHARED + "Projects/plan.txt"))
                .header("Destination", c + "plan.txt")
                .send()
                .expect(403);
        alice.as(api.get(c)).send().expect(405);

        // a folder of that name made on REST keeps its name; the collection moves aside
        long own = alice.mkdir(alice.rootId(), "Shared with me");
        alice.uploadOk(own, "mine.txt", PLAN);
        assertThat(hrefs(propfind(alice, c, "1", null))).containsExactly(c, c + "mine.txt");
        assertThat(hrefs(propfind(alice, dav(alice) + "Shared%20with%20me%20(2)/", "1", null)))
                .containsExactly(
                        dav(alice) + "Shared%20with%20me%20(2)/", dav(alice) + "Shared%20with%20me%20(2)/Projects/");
    }

    @Test
    void revocationAndExpiryActOnTheNextRequest_andChangeTheCollectionsEtag() throws InterruptedException {
        long grant = share(projects, alice, "editor", null);
        String p = dav(alice) + SHARED + "Projects/";
        String before = etag(alice, dav(alice) + SHARED);
        alice.as(api.get(p + "plan.txt")).send().expect(200);
        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);
        alice.as(api.get(p + "plan.txt")).send().expect(404);
        alice.as(api.method("PROPFIND", p)).header("Depth", "0").send().expect(404);
        alice.as(api.put(p + "x.txt")).bytes("text/plain", PLAN).send().expect(409);
        assertThat(etag(alice, dav(alice) + SHARED)).isNotEqualTo(before);

        Instant soon = Instant.now().plusSeconds(2);
        share(projects, alice, "viewer", soon.toString());
        alice.as(api.get(p + "plan.txt")).send().expect(200);
        Thread.sleep(Math.max(0, soon.toEpochMilli() - System.currentTimeMillis()) + 300);
        alice.as(api.get(p + "plan.txt")).send().expect(404);
        assertThat(hrefs(propfind(alice, dav(alice) + SHARED, "1", null))).hasSize(1);
    }

    @Test
    void twoSharesOfOneNameGetDistinctNames_andEachLeadsToItsOwnItem() {
        FilesClient carol = FilesClient.newUser(api, "dcarol", null);
        long theirs = carol.mkdir(carol.rootId(), "Projects");
        carol.uploadOk(theirs, "carol.txt", PLAN);
        share(projects, alice, "viewer", null);
        shareAs(carol, theirs, alice, "viewer");

        String c = dav(alice) + SHARED;
        String qualified = "Projects%20(" + carol.user.username() + ")/";
        assertThat(hrefs(propfind(alice, c, "1", null))).containsExactlyInAnyOrder(c, c + "Projects/", c + qualified);
        alice.as(api.get(c + "Projects/plan.txt")).send().expect(200);
        alice.as(api.get(c + qualified + "carol.txt")).send().expect(200);
        alice.as(api.get(c + qualified + "plan.txt")).send().expect(404);
    }

    @Test
    void aGrantOnASubfolderReachesNothingAboveIt_byAnyPathTrick() {
        owner.uploadOk(sub, "inside.txt", PLAN);
        share(sub, alice, "editor", null);
        String s = dav(alice) + SHARED + "Sub/";
        alice.as(api.get(s + "inside.txt")).send().expect(200);
        for (String trick : List.of(
                s + "../plan.txt",
                s + "%2e%2e/plan.txt",
                s + "%2E%2E/plan.txt",
                s + "..%2Fplan.txt",
                s + "%2e%2e%2fplan.txt",
                dav(alice) + SHARED + "Projects/plan.txt",
                dav(alice) + SHARED + "Sub/../../../" + owner.user.username() + "/Work/secret.txt")) {
            int status = alice.as(api.get(trick)).send().status();
            assertThat(status).as(trick).isIn(400, 404);
        }
        int moved = alice.as(api.method("MOVE", s + "inside.txt"))
                .header("Destination", s + "../stolen.txt")
                .send()
                .status();
        assertThat(moved).isGreaterThanOrEqualTo(400);
        assertThat(owner.names(projects)).containsExactly("Sub", "plan.txt");
    }

    @Test
    void theNextcloudFavoritesReportFindsStarredSharedItemsWhereTheClientSyncsThem_whileTheGrantLasts() {
        long grant = share(projects, alice, "viewer", null);
        alice.as(api.put("/api/favorites/" + plan)).send().expect(204);
        alice.as(api.put("/api/favorites/" + projects)).send().expect(204);
        String report = "<?xml version=\"1.0\"?><oc:filter-files xmlns:d=\"DAV:\" xmlns:oc=\"" + OC
                + "\"><d:prop><oc:favorite/><oc:fileid/></d:prop><oc:filter-rules><oc:favorite>1</oc:favorite>"
                + "</oc:filter-rules></oc:filter-files>";

        List<DavXmlDoc.Response> starred = DavXmlDoc.parse(alice.as(api.method("REPORT", nc(alice)))
                        .body("application/xml", report)
                        .send()
                        .expect(207)
                        .body())
                .responses();
        assertThat(starred)
                .extracting(DavXmlDoc.Response::href)
                .containsExactlyInAnyOrder(nc(alice) + SHARED + "Projects/", nc(alice) + SHARED + "Projects/plan.txt");
        assertThat(starred).allSatisfy(r -> assertThat(r.prop(OC, "favorite")).isEqualTo("1"));
        // the owner's own favorites report is the owner's
        assertThat(owner.as(api.method("REPORT", nc(owner)))
                        .body("application/xml", report)
                        .send()
                        .expect(207)
                        .body())
                .doesNotContain("plan.txt");

        owner.as(api.delete("/api/shares/" + grant)).send().expect(204);

        assertThat(alice.as(api.method("REPORT", nc(alice)))
                        .body("application/xml", report)
                        .send()
                        .expect(207)
                        .body())
                .doesNotContain("plan.txt")
                .doesNotContain("Projects");
    }

    @Test
    void locksBelongToTheItem_soOwnerAndRecipientsMeetTheSameLocks() {
        share(projects, alice, "editor", null);
        share(projects, bob, "editor", null);
        String ownersPlan = dav(owner) + "Work/Projects/plan.txt";
        String alicesPlan = dav(alice) + SHARED + "Projects/plan.txt";
        String bobsPlan = nc(bob) + SHARED + "Projects/plan.txt";

        // the owner locks: a recipient's write without the token is 423, on either surface, and so is their LOCK
        String token = owner.as(api.method("LOCK", ownersPlan))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(200)
                .header("Lock-Token");
        alice.as(api.put(alicesPlan)).bytes("text/plain", PLAN).send().expect(423);
        bob.as(api.put(bobsPlan)).bytes("text/plain", PLAN).send().expect(423);
        alice.as(api.method("LOCK", alicesPlan))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(423);
        // the recipient sees the lock where they address the file
        String discovered = propfind(
                        alice,
                        alicesPlan,
                        "0",
                        "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:prop><d:lockdiscovery/></d:prop>"
                                + "</d:propfind>")
                .body();
        assertThat(discovered).contains(token.substring(1, token.length() - 1)).contains(alicesPlan);
        owner.as(api.method("UNLOCK", ownersPlan))
                .header("Lock-Token", token)
                .send()
                .expect(204);
        alice.as(api.put(alicesPlan)).bytes("text/plain", PLAN).send().expect(204);

        // and the other way round: a recipient's lock holds off the owner and the other recipient
        String alices = alice.as(api.method("LOCK", alicesPlan))
                .body("application/xml", WebDavIT.LOCKINFO)
                .send()
                .expect(200)
                .header("Lock-Token");
        owner.as(api.put(ownersPlan)).bytes("text/plain", PLAN).send().expect(423);
        bob.as(api.method("DELETE", bobsPlan)).send().expect(423);
        alice.as(api.put(alicesPlan))
                .header("If", "(" + alices + ")")
                .bytes("text/plain", PLAN)
                .send()
                .expect(204);
        alice.as(api.method("UNLOCK", alicesPlan))
                .header("Lock-Token", alices)
                .send()
                .expect(204);
        owner.as(api.put(ownersPlan)).bytes("text/plain", PLAN).send().expect(204);
    }

    @Test
    void nextcloudPermissionsOwnerAndShareTypesFollowTheGrant() {
        long design = owner.mkdir(work, "Design");
        long admin = owner.mkdir(work, "Admin");
        owner.uploadOk(projects, "z.txt", PLAN);
        share(projects, alice, "editor", null);
        share(design, alice, "viewer", null);
        share(admin, alice, "manager", null);

        Map<String, DavXmlDoc.Response> members = byHref(propfind(alice, nc(alice) + SHARED, "1", NC_PROPS));
        String c = nc(alice) + SHARED;
        assertThat(members.get(c).prop(OC, "permissions")).isEqualTo("G");
        assertThat(members.get(c + "Projects/").prop(OC, "permissions")).isEqualTo("SMGCK");
        assertThat(members.get(c + "Design/").prop(OC, "permissions")).isEqualTo("SMG");
        assertThat(members.get(c + "Admin/").prop(OC, "permissions")).isEqualTo("SRMGCK");
        assertThat(members.get(c + "Projects/").prop(OC, "owner-id")).isEqualTo(owner.user.username());
        assertThat(members.get(c + "Projects/").prop(OC, "fileid")).isEqualTo(String.valueOf(projects));

        Map<String, DavXmlDoc.Response> inside = byHref(propfind(alice, c + "Projects/", "1", NC_PROPS));
        assertThat(inside.get(c + "Projects/plan.txt").prop(OC, "permissions")).isEqualTo("SMGDNVW");
        assertThat(inside.get(c + "Projects/Sub/").prop(OC, "permissions")).isEqualTo("SMGDNVCK");
        assertThat(inside.get(c + "Projects/plan.txt").prop(OC, "owner-id")).isEqualTo(owner.user.username());
        assertThat(inside.get(c + "Projects/plan.txt").prop(OC, "fileid")).isEqualTo(String.valueOf(plan));
        Map<String, DavXmlDoc.Response> viewed = byHref(propfind(alice, c + "Design/", "0", NC_PROPS));
        assertThat(viewed.get(c + "Design/").prop(OC, "permissions")).isEqualTo("SMG");

        // the owner's side: their own rights, and the kinds of grants they made
        Map<String, DavXmlDoc.Response> mine = byHref(propfind(owner, nc(owner) + "Work/", "1", NC_PROPS));
        assertThat(mine.get(nc(owner) + "Work/Projects/").prop(OC, "permissions"))
                .isEqualTo("RGDNVCK");
        assertThat(mine.get(nc(owner) + "Work/Projects/")
                        .element(OC, "share-types")
                        .getTextContent()
                        .strip())
                .isEqualTo("0");
        assertThat(mine.get(nc(owner) + "Work/secret.txt")
                        .element(OC, "share-types")
                        .getTextContent()
                        .strip())
                .isEmpty();

        // a manager shares further: their grant shows in their share-types; the new recipient sees the owner
        long team = owner.mkdir(admin, "Team");
        shareAs(alice, team, bob, "viewer");
        Map<String, DavXmlDoc.Response> managed = byHref(propfind(alice, c + "Admin/", "1", NC_PROPS));
        assertThat(managed.get(c + "Admin/Team/").prop(OC, "permissions")).isEqualTo("SRMGDNVCK");
        assertThat(managed.get(c + "Admin/Team/")
                        .element(OC, "share-types")
                        .getTextContent()
                        .strip())
                .isEqualTo("0");
        Map<String, DavXmlDoc.Response> bobs = byHref(propfind(bob, nc(bob) + SHARED, "1", NC_PROPS));
        assertThat(bobs.get(nc(bob) + SHARED + "Team/").prop(OC, "permissions")).isEqualTo("SMG");
        assertThat(bobs.get(nc(bob) + SHARED + "Team/").prop(OC, "owner-id")).isEqualTo(owner.user.username());

        // the dialect writes by path as the role allows
        alice.as(api.put(c + "Design/x.txt")).bytes("text/plain", PLAN).send().expect(403);
        Res put = alice.as(api.put(c + "Projects/x.txt"))
                .bytes("text/plain", PLAN)
                .send()
                .expect(201);
        assertThat(put.header("OC-FileId")).matches("\\d{8,}ocnubo");
        assertThat(owner.names(projects)).contains("x.txt");
    }

    @Test
    void quotaInsideASharedFolderIsTheOwnersFreeSpace_notTheRecipientsNorTheOwnersUsage() {
        FilesClient full = FilesClient.newUser(api, "dfull", 16L);
        FilesClient roomy = FilesClient.newUser(api, "droomy", 100_000L);
        long shared = roomy.mkdir(roomy.rootId(), "Team");
        roomy.uploadOk(shared, "a.txt", new byte[1000]);
        roomy.uploadOk(roomy.rootId(), "private.bin", new byte[4000]);
        roomy.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", shared, "userId", full.user.id(), "role", "editor"))
                .send()
                .expect(201);
        String quotaProps = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:prop><d:quota-available-bytes/>"
                + "<d:quota-used-bytes/></d:prop></d:propfind>";

        DavXmlDoc.Response inside = DavXmlDoc.parse(propfind(full, dav(full) + SHARED + "Team/", "0", quotaProps)
                        .body())
                .only();
        // the recipient's own 16 bytes would make a client refuse the upload that the owner's storage takes
        assertThat(inside.prop(DavXmlDoc.DAV, "quota-available-bytes")).isEqualTo(Long.toString(100_000 - 5000));
        assertThat(inside.prop(DavXmlDoc.DAV, "quota-used-bytes")).isEqualTo("1000");
        DavXmlDoc.Response home = DavXmlDoc.parse(
                        propfind(full, dav(full), "0", quotaProps).body())
                .only();
        assertThat(home.prop(DavXmlDoc.DAV, "quota-available-bytes")).isEqualTo("16");
        // and the upload the owner's space takes goes through
        full.as(api.put(dav(full) + SHARED + "Team/b.bin"))
                .bytes("application/octet-stream", new byte[2000])
                .send()
                .expect(201);
    }

    private Res propfind(FilesClient who, String path, String depth, String body) {
        Api.Req r = who.as(api.method("PROPFIND", path)).header("Depth", depth);
        if (body != null) {
            r = r.body("application/xml", body);
        }
        return r.send().expect(207);
    }

    private static List<String> hrefs(Res r) {
        return DavXmlDoc.parse(r.body()).responses().stream()
                .map(DavXmlDoc.Response::href)
                .toList();
    }

    private static Map<String, DavXmlDoc.Response> byHref(Res r) {
        return DavXmlDoc.parse(r.body()).responses().stream()
                .collect(Collectors.toMap(DavXmlDoc.Response::href, x -> x));
    }

    private String etag(FilesClient who, String path) {
        return DavXmlDoc.parse(propfind(who, path, "0", null).body()).only().prop(DavXmlDoc.DAV, "getetag");
    }

    private long share(long node, FilesClient to, String role, String expiresAt) {
        return owner.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", node, "userId", to.user.id(), "role", role, "expiresAt", expiresAt))
                .send()
                .expect(201)
                .num("id");
    }

    private void shareAs(FilesClient by, long node, FilesClient to, String role) {
        by.as(api.post("/api/shares"))
                .json(MiniJson.obj("nodeId", node, "userId", to.user.id(), "role", role))
                .send()
                .expect(201);
    }
}
