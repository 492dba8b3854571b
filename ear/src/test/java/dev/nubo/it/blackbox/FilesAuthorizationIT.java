package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Req;
import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Another user's files, folders, trash, favorites and upload sessions do not exist for the caller: every files
 * endpoint answers 404 {"error":"not_found"} for them with exactly the body it gives for an id nobody has, and
 * nothing of the owner's changes (names, places, content, etags, usage, trash, favorites, upload offsets). Without
 * credentials, every endpoint answers 401.
 */
@ExtendWith(SharedServer.class)
class FilesAuthorizationIT {
    /** An id no node has (the sequence is far from it). */
    static final long NO_SUCH_ID = 8_000_000_000_000_000_000L;

    static final byte[] CONTENT = "the owner's secret report\n".getBytes(StandardCharsets.UTF_8);
    static final byte[] SESSION_BYTES = "0123456789".getBytes(StandardCharsets.US_ASCII);

    final Api api = SharedServer.api();

    FilesClient owner;
    FilesClient intruder;
    long ownerRoot;
    long docs;
    long sub;
    long file;
    long trashed;
    String session;
    long intruderRoot;
    long intruderFile;

    @BeforeEach
    void ownerAndIntruder() {
        owner = FilesClient.newUser(api, "owner", null);
        intruder = FilesClient.newUser(api, "intruder", null);
        ownerRoot = owner.rootId();
        docs = owner.mkdir(ownerRoot, "Docs");
        sub = owner.mkdir(docs, "Sub");
        file = owner.uploadOk(docs, "report.txt", CONTENT);
        trashed = owner.uploadOk(docs, "old.txt", "old".getBytes(StandardCharsets.UTF_8));
        owner.as(api.delete("/api/files/" + trashed)).send().expect(204);
        owner.as(api.put("/api/favorites/" + file)).send().expect(204);
        session = owner.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", docs, "name", "resumed.bin", "size", SESSION_BYTES.length))
                .send()
                .expect(201)
                .str("id");
        owner.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", java.util.Arrays.copyOf(SESSION_BYTES, 5))
                .send()
                .expect(204);
        intruderRoot = intruder.rootId();
        intruderFile = intruder.uploadOk(intruderRoot, "mine.txt", "mine".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readingAnotherUsersItemsIsNotFound() {
        String before = ownerState();

        for (long id : new long[] {ownerRoot, docs, sub, file}) {
            hidden(x -> intruder.as(api.get("/api/files/" + x)), id, NO_SUCH_ID);
        }
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/children")), docs, NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.get("/api/files/" + x + "/children?sort=size&order=desc&limit=1")),
                docs,
                NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/folders")), docs, NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/content")), file, NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.get("/api/files/" + x + "/content")).header("Range", "bytes=0-3"),
                file,
                NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/content?disposition=inline")), file, NO_SUCH_ID);
        hiddenHead(x -> intruder.as(api.head("/api/files/" + x + "/content")), file, NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/zip")), docs, NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/" + x + "/zip")), file, NO_SUCH_ID);
        hidden(x -> intruder.as(api.get("/api/files/zip?ids=" + x)), docs, NO_SUCH_ID);
        // one foreign id spoils the whole selection, even next to the caller's own file
        hidden(x -> intruder.as(api.get("/api/files/zip?ids=" + intruderFile + "," + x)), file, NO_SUCH_ID);

        // nothing of the owner's shows up anywhere the intruder can list
        assertThat(intruder.as(api.get("/api/favorites")).send().expect(200).list(""))
                .isEmpty();
        assertThat(intruder.as(api.get("/api/trash")).send().expect(200).list("items"))
                .isEmpty();
        assertThat(intruder.as(api.get("/api/recent")).send().expect(200).body())
                .doesNotContain("report.txt", "Docs");
        assertThat(intruder.names(intruderRoot)).containsExactly("mine.txt");
        assertThat(ownerState()).isEqualTo(before);
    }

    @Test
    void writingIntoAnotherUsersFolderIsNotFound() {
        String before = ownerState();
        byte[] evil = "intruder's bytes".getBytes(StandardCharsets.UTF_8);

        hidden(
                x -> intruder.as(api.post("/api/files/" + x + "/folders")).json(MiniJson.obj("name", "planted")),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/children/planted.txt"))
                        .bytes("application/octet-stream", evil),
                docs,
                NO_SUCH_ID);
        // overwrite of an existing name of the owner's: still just "not found"
        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/children/report.txt?conflict=overwrite"))
                        .bytes("application/octet-stream", evil),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/children/report.txt?conflict=keep-both"))
                        .header("X-Content-SHA256", FilesClient.sha256(evil))
                        .bytes("application/octet-stream", evil),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + x + "/children?name=planted.txt"))
                        .bytes("application/octet-stream", evil),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + x + "/children"))
                        .bytes("multipart/form-data; boundary=XyZ", multipart("XyZ", "planted.txt", evil)),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/uploads"))
                        .json(MiniJson.obj("parentId", x, "name", "planted.bin", "size", 10)),
                docs,
                NO_SUCH_ID);
        // a file of the owner's as the "folder": not_found, never the owner-revealing not_a_folder
        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/children/planted.txt"))
                        .bytes("application/octet-stream", evil),
                file,
                NO_SUCH_ID);

        assertThat(ownerState()).isEqualTo(before);
        assertThat(owner.download(file)).isEqualTo(CONTENT);
        Res usage = intruder.usage();
        assertThat(usage.num("usedBytes"))
                .as("nothing was charged to the intruder either")
                .isEqualTo(4L);
        assertThat(usage.num("files")).isEqualTo(1L);
        assertThat(usage.num("folders")).isZero();
    }

    @Test
    void changingAnotherUsersItemsIsNotFound() {
        String before = ownerState();
        byte[] evil = "replaced by the intruder".getBytes(StandardCharsets.UTF_8);

        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/content")).bytes("application/octet-stream", evil),
                file,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.put("/api/files/" + x + "/content"))
                        .header("If-Match", "*")
                        .bytes("application/octet-stream", evil),
                file,
                NO_SUCH_ID);
        // as the source of a rename, a move, a copy, a delete
        hidden(
                x -> intruder.as(api.patch("/api/files/" + x)).json(MiniJson.obj("name", "stolen.txt")),
                file,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.patch("/api/files/" + x)).json(MiniJson.obj("parentId", intruderRoot)),
                file,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.patch("/api/files/" + x)).json(MiniJson.obj("parentId", intruderRoot)),
                docs,
                NO_SUCH_ID);
        hidden(x -> intruder.as(api.patch("/api/files/" + x)).json(MiniJson.obj("name", "x")), ownerRoot, NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + x + "/copy")).json(MiniJson.obj("parentId", intruderRoot)),
                file,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + x + "/copy")).json(MiniJson.obj("parentId", intruderRoot)),
                docs,
                NO_SUCH_ID);
        hidden(x -> intruder.as(api.delete("/api/files/" + x)), file, NO_SUCH_ID);
        hidden(x -> intruder.as(api.delete("/api/files/" + x)), docs, NO_SUCH_ID);
        // the owner's folder as the target of the intruder's own move and copy
        hidden(
                x -> intruder.as(api.patch("/api/files/" + intruderFile)).json(MiniJson.obj("parentId", x)),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.patch("/api/files/" + intruderFile))
                        .json(MiniJson.obj("parentId", x, "name", "report.txt", "conflict", "overwrite")),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + intruderFile + "/copy"))
                        .json(MiniJson.obj("parentId", x)),
                docs,
                NO_SUCH_ID);
        hidden(
                x -> intruder.as(api.post("/api/files/" + intruderFile + "/copy"))
                        .json(MiniJson.obj("parentId", x, "name", "report.txt", "conflict", "overwrite")),
                sub,
                NO_SUCH_ID);

        assertThat(ownerState()).isEqualTo(before);
        assertThat(owner.download(file)).isEqualTo(CONTENT);
        Res mine = intruder.node(intruderFile).expect(200);
        assertThat(mine.num("node.parentId")).isEqualTo(intruderRoot);
        assertThat(mine.str("path")).isEqualTo("/mine.txt");
        assertThat(intruder.names(intruderRoot)).containsExactly("mine.txt");
    }

    @Test
    void aBatchReportsAnotherUsersItemsAsNotFoundOneByOne() {
        String before = ownerState();
        long spare = intruder.uploadOk(intruderRoot, "spare.txt", "spare".getBytes(StandardCharsets.UTF_8));

        Res mixed = batch("delete", List.of(spare, file), null).expect(200);
        assertThat(mixed.num("succeeded")).isEqualTo(1L);
        assertThat(mixed.num("failed")).isEqualTo(1L);
        assertThat(mixed.num("results.0.id")).isEqualTo(spare);
        assertThat(mixed.has("results.0.error")).isFalse();
        assertThat(mixed.num("results.1.id")).isEqualTo(file);
        assertThat(mixed.str("results.1.error")).isEqualTo("not_found");
        assertThat(mixed.str("results.1.message"))
                .isEqualTo(batch("delete", List.of(NO_SUCH_ID), null).str("results.0.message"));

        batchHidden("delete", docs, null);
        batchHidden("move", file, intruderRoot);
        batchHidden("move", docs, intruderRoot);
        batchHidden("copy", file, intruderRoot);
        batchHidden("copy", docs, intruderRoot);
        // the intruder's own item into the owner's folder: the target is what is not found
        for (String action : new String[] {"move", "copy"}) {
            Res theirs = batch(action, List.of(intruderFile), docs).expect(200);
            Res none = batch(action, List.of(intruderFile), NO_SUCH_ID).expect(200);
            assertThat(theirs.str("results.0.error")).as(action).isEqualTo("not_found");
            assertThat(theirs.str("results.0.message")).isEqualTo(none.str("results.0.message"));
            assertThat(theirs.num("failed")).isEqualTo(1L);
        }

        assertThat(ownerState()).isEqualTo(before);
        assertThat(intruder.names(intruderRoot)).containsExactly("mine.txt");
        assertThat(intruder.as(api.get("/api/trash")).send().expect(200).list("items"))
                .hasSize(1);
    }

    @Test
    void anotherUsersUploadSessionIsNotFound() {
        String before = ownerState();
        String missing = UUID.randomUUID().toString();

        hidden(x -> intruder.as(api.get("/api/uploads/" + x)), session, missing);
        hiddenHead(x -> intruder.as(api.head("/api/uploads/" + x)), session, missing);
        // the very chunk the owner would send next, at the right offset
        hidden(
                x -> intruder.as(api.patch("/api/uploads/" + x))
                        .header("Upload-Offset", "5")
                        .bytes("application/octet-stream", "EVIL!".getBytes(StandardCharsets.US_ASCII)),
                session,
                missing);
        hidden(x -> intruder.as(api.post("/api/uploads/" + x + "/complete")), session, missing);
        hidden(x -> intruder.as(api.delete("/api/uploads/" + x)), session, missing);

        assertThat(ownerState()).isEqualTo(before);
        // the owner's session is intact: it resumes at 5 and completes with the owner's bytes
        assertThat(owner.as(api.head("/api/uploads/" + session))
                        .send()
                        .expect(200)
                        .header("Upload-Offset"))
                .isEqualTo("5");
        owner.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "5")
                .bytes("application/octet-stream", java.util.Arrays.copyOfRange(SESSION_BYTES, 5, 10))
                .send()
                .expect(204);
        long done = owner.as(api.post("/api/uploads/" + session + "/complete"))
                .send()
                .expect(201)
                .num("id");
        assertThat(owner.download(done)).isEqualTo(SESSION_BYTES);
        assertThat(intruder.names(intruderRoot)).containsExactly("mine.txt");
    }

    @Test
    void anotherUsersTrashIsNotFound() {
        String before = ownerState();

        hidden(x -> intruder.as(api.post("/api/trash/" + x + "/restore")), trashed, NO_SUCH_ID);
        hidden(x -> intruder.as(api.delete("/api/trash/" + x)), trashed, NO_SUCH_ID);
        // a live item of the owner's is no more in the intruder's trash than a trashed one
        hidden(x -> intruder.as(api.post("/api/trash/" + x + "/restore")), file, NO_SUCH_ID);
        hidden(x -> intruder.as(api.delete("/api/trash/" + x)), file, NO_SUCH_ID);
        // and a trashed item of the owner's is not found as a node either
        hidden(x -> intruder.as(api.get("/api/files/" + x)), trashed, NO_SUCH_ID);
        intruder.as(api.delete("/api/trash")).send().expect(200);
        assertThat(intruder.as(api.get("/api/trash")).send().expect(200).list("items"))
                .isEmpty();

        assertThat(ownerState()).isEqualTo(before);
        Res restored =
                owner.as(api.post("/api/trash/" + trashed + "/restore")).send().expect(200);
        assertThat(restored.num("parentId")).isEqualTo(docs);
        assertThat(owner.download(trashed)).isEqualTo("old".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anotherUsersItemsCannotBeStarredOrUnstarred() {
        String before = ownerState();

        hidden(x -> intruder.as(api.put("/api/favorites/" + x)), sub, NO_SUCH_ID);
        hidden(x -> intruder.as(api.put("/api/favorites/" + x)), file, NO_SUCH_ID);
        hidden(x -> intruder.as(api.delete("/api/favorites/" + x)), file, NO_SUCH_ID);

        assertThat(intruder.as(api.get("/api/favorites")).send().expect(200).list(""))
                .isEmpty();
        assertThat(ownerState()).isEqualTo(before);
        List<?> starred = owner.as(api.get("/api/favorites")).send().expect(200).list("");
        assertThat(starred).hasSize(1);
        assertThat(MiniJson.at(starred.get(0), "id")).hasToString(String.valueOf(file));
    }

    @Test
    void withoutCredentialsEveryFilesEndpointIsUnauthorized() {
        String before = ownerState();
        byte[] data = "anonymous".getBytes(StandardCharsets.UTF_8);
        List<Req> requests = new ArrayList<>(List.of(
                api.get("/api/files/root"),
                api.get("/api/files/" + file),
                api.get("/api/files/" + docs + "/children"),
                api.get("/api/files/" + docs + "/folders"),
                api.post("/api/files/" + docs + "/folders").json(MiniJson.obj("name", "anon")),
                api.put("/api/files/" + docs + "/children/anon.txt").bytes("application/octet-stream", data),
                api.post("/api/files/" + docs + "/children?name=anon.txt").bytes("application/octet-stream", data),
                api.post("/api/files/" + docs + "/children")
                        .bytes("multipart/form-data; boundary=XyZ", multipart("XyZ", "anon.txt", data)),
                api.put("/api/files/" + file + "/content").bytes("application/octet-stream", data),
                api.get("/api/files/" + file + "/content"),
                api.patch("/api/files/" + file).json(MiniJson.obj("name", "anon.txt")),
                api.post("/api/files/" + file + "/copy").json(MiniJson.obj("parentId", docs)),
                api.delete("/api/files/" + file),
                api.get("/api/files/" + docs + "/zip"),
                api.get("/api/files/zip?ids=" + file),
                api.post("/api/files/batch").json(MiniJson.obj("action", "delete", "ids", List.of(file))),
                api.post("/api/uploads").json(MiniJson.obj("parentId", docs, "name", "anon.bin", "size", 1)),
                api.get("/api/uploads/" + session),
                api.patch("/api/uploads/" + session)
                        .header("Upload-Offset", "5")
                        .bytes("application/octet-stream", "12345".getBytes(StandardCharsets.US_ASCII)),
                api.post("/api/uploads/" + session + "/complete"),
                api.delete("/api/uploads/" + session),
                api.get("/api/trash"),
                api.post("/api/trash/" + trashed + "/restore"),
                api.delete("/api/trash/" + trashed),
                api.delete("/api/trash"),
                api.get("/api/favorites"),
                api.put("/api/favorites/" + docs),
                api.delete("/api/favorites/" + file),
                api.get("/api/recent"),
                api.get("/api/usage")));
        for (Req r : requests) {
            r.send().expectError(401, "authentication_required");
        }
        for (String path : new String[] {"/api/files/" + file + "/content", "/api/uploads/" + session}) {
            assertThat(api.head(path).send().status()).as("HEAD %s", path).isEqualTo(401);
        }
        // a token that is no token is refused the same way, before any id is looked at
        Res bad = api.delete("/api/files/" + file).bearer("not.a.token").send();
        assertThat(bad.status()).isEqualTo(401);
        assertThat(bad.header("WWW-Authenticate")).isNotBlank();

        assertThat(ownerState()).isEqualTo(before);
    }

    // ---- helpers ----

    /**
     * The owner's item exists, yet for the intruder the request answers exactly like one naming an id nobody has:
     * 404 not_found, same body.
     */
    private <T> void hidden(Function<T, Req> call, T ownersId, T missingId) {
        Res none = call.apply(missingId).send();
        Res theirs = call.apply(ownersId).send();
        none.expectError(404, "not_found");
        theirs.expectError(404, "not_found");
        assertThat(theirs.body())
                .as("%s answers like an id that does not exist", theirs.request())
                .isEqualTo(none.body());
    }

    private <T> void hiddenHead(Function<T, Req> call, T ownersId, T missingId) {
        Res none = call.apply(missingId).sendOnNewConnection();
        Res theirs = call.apply(ownersId).sendOnNewConnection();
        assertThat(none.status()).as(none.request()).isEqualTo(404);
        assertThat(theirs.status()).as(theirs.request()).isEqualTo(404);
        assertThat(theirs.header("Content-Length")).isEqualTo(none.header("Content-Length"));
        assertThat(theirs.header("ETag")).isNull();
    }

    private Res batch(String action, List<Long> ids, Long target) {
        return intruder.as(api.post("/api/files/batch"))
                .json(MiniJson.obj("action", action, "ids", ids, "targetId", target))
                .send();
    }

    private void batchHidden(String action, long ownersId, Long target) {
        Res theirs = batch(action, List.of(ownersId), target).expect(200);
        Res none = batch(action, List.of(NO_SUCH_ID), target).expect(200);
        assertThat(theirs.str("results.0.error"))
                .as("%s of another's item", action)
                .isEqualTo("not_found");
        assertThat(theirs.has("results.0.node")).isFalse();
        assertThat(theirs.str("results.0.message")).isEqualTo(none.str("results.0.message"));
        assertThat(theirs.num("succeeded")).isZero();
        assertThat(theirs.num("failed")).isEqualTo(1L);
    }

    /** Everything of the owner's an intruder's request could touch, as the owner sees it. */
    private String ownerState() {
        StringBuilder s = new StringBuilder();
        for (long id : new long[] {ownerRoot, docs, sub, file}) {
            s.append(owner.node(id).expect(200).body()).append('\n');
        }
        s.append(owner.as(api.get("/api/files/" + ownerRoot + "/children"))
                        .send()
                        .expect(200)
                        .body())
                .append('\n');
        s.append(owner.as(api.get("/api/files/" + docs + "/children"))
                        .send()
                        .expect(200)
                        .body())
                .append('\n');
        s.append(owner.as(api.get("/api/files/" + docs + "/folders"))
                        .send()
                        .expect(200)
                        .body())
                .append('\n');
        s.append(FilesClient.sha256(owner.download(file))).append('\n');
        s.append(owner.usage().body()).append('\n');
        s.append(owner.as(api.get("/api/trash")).send().expect(200).body()).append('\n');
        s.append(owner.as(api.get("/api/favorites")).send().expect(200).body()).append('\n');
        s.append(owner.as(api.get("/api/uploads/" + session)).send().expect(200).body());
        return s.toString();
    }

    static byte[] multipart(String boundary, String filename, byte[] data) {
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                        + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + data.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(data, 0, all, head.length, data.length);
        System.arraycopy(tail, 0, all, head.length + data.length, tail.length);
        return all;
    }
}
