package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.nubo.it.blackbox.Api.Bin;
import dev.nubo.it.blackbox.Api.Req;
import dev.nubo.it.blackbox.Api.Res;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input to the files API gets a clear 4xx with {"error": code, "message": text} and changes nothing: the
 * listing, /api/usage and the trash stay as they were, and no temporary blob file is left behind — bad names (dot
 * names, slashes, control characters, over-long, broken UTF-8), moves into the own subtree, malformed ids, ranges,
 * cursors, limits, sorts and conflict modes, wrong or malformed checksums, bodies shorter than declared or cut off
 * by a disconnect, malformed multipart and JSON bodies without what they need.
 */
@ExtendWith(SharedServer.class)
class FilesBadInputIT {
    static final byte[] TEN = "0123456789".getBytes(StandardCharsets.US_ASCII);

    final Api api = SharedServer.api();

    FilesClient user;
    long root;
    long box;
    long file;
    Set<Path> partsBefore;

    @BeforeEach
    void aUserWithAFolderAndAFile() throws IOException {
        user = FilesClient.newUser(api, "badinput", null);
        root = user.rootId();
        box = user.mkdir(root, "box");
        file = user.uploadOk(box, "ten.bin", TEN);
        partsBefore = tempFiles();
    }

    // ---- names ----

    /** Path segments the application itself refuses as names. */
    @ParameterizedTest
    @ValueSource(
            strings = {"%2E%2E", "%2E", "a%2Fb", "%2F", "%2F..", "a%01b", "%01", "a%0Ab", "tab%09", "a%7Fb", "%C2%85x"})
    void badNamesInThePathAreRefused(String segment) throws IOException {
        State before = state();

        Res r = user.as(api.put("/api/files/" + box + "/children/" + segment))
                .bytes("application/octet-stream", TEN)
                .send();

        cleanError(r, 400, "invalid_request");
        assertUnchanged(before);
    }

    /**
     * NUL and bytes that are not UTF-8 in the path: the HTTP layer (Grizzly) may refuse the URI before the
     * application sees it (a bare 400), else the application refuses the name; either way nothing is created.
     */
    @ParameterizedTest
    @ValueSource(strings = {"a%00b", "%00", "%C3%28", "%FF", "x%C3", "%E2%82", "%ED%A0%80", "%C0%AE%C0%AE"})
    void nulAndInvalidUtf8InThePathAreRefused(String segment) throws IOException {
        State before = state();

        Res r = user.as(api.put("/api/files/" + box + "/children/" + segment))
                .bytes("application/octet-stream", TEN)
                .send();

        assertThat(r.status()).as("%s: %s", r.request(), r.body()).isEqualTo(400);
        if (r.header("Content-Type") != null && r.header("Content-Type").startsWith("application/json")) {
            cleanError(r, 400, "invalid_request");
        }
        assertUnchanged(before);
    }

    /** ?name= is decoded strictly: broken UTF-8 is refused, never stored as U+FFFD. */
    @ParameterizedTest
    @ValueSource(strings = {"%FF", "%C3%28", "bad%FE%FF.txt", "x%C3", "%E2%82", "%ED%A0%80", "%C0%AE%C0%AE"})
    void brokenUtf8InTheNameParameterIsRefused(String encoded) throws IOException {
        State before = state();

        Res r = user.as(api.post("/api/files/" + box + "/children?name=" + encoded))
                .bytes("application/octet-stream", TEN)
                .send();

        cleanError(r, 400, "invalid_request");
        assertUnchanged(before);
    }

    /** A '%' that starts no escape (which java.net.URI will not even send): refused, not taken literally. */
    @ParameterizedTest
    @ValueSource(strings = {"100%", "ab%ZZ", "%0", "%%41"})
    void brokenPercentEncodingInTheNameParameterIsRefused(String encoded) throws IOException {
        State before = state();

        RawResponse r = raw(
                "POST /api/files/" + box + "/children?name=" + encoded,
                "Content-Length: " + TEN.length + "\r\nConnection: close",
                TEN,
                Ending.COMPLETE);

        assertThat(r.status()).as("%s answered: %s", r.request(), r.text()).isEqualTo(400);
        assertThat(r.text()).contains("application/json").contains("\"invalid_request\"");
        assertUnchanged(before);
    }

    static Stream<String> badNames() {
        return Stream.of(
                "",
                ".",
                "..",
                "a/b",
                "/",
                "../x",
                "a\u0000b",
                "a\u0001b",
                "\u001f",
                "line\nbreak",
                "del\u007f",
                "c1\u0085",
                "x".repeat(256),
                "\u00e9".repeat(128),
                "\ud83d\ude00".repeat(64));
    }

    /** Every way of naming something refuses the same bad names, and nothing is created or renamed. */
    @ParameterizedTest
    @MethodSource("badNames")
    void badNamesAreRefusedEverywhere(String name) throws IOException {
        State before = state();

        cleanError(
                user.as(api.post("/api/files/" + box + "/folders"))
                        .json(MiniJson.obj("name", name))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.patch("/api/files/" + file))
                        .json(MiniJson.obj("name", name))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/files/" + file + "/copy"))
                        .json(MiniJson.obj("parentId", box, "name", name))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/uploads"))
                        .json(MiniJson.obj("parentId", box, "name", name, "size", 10))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/files/" + box + "/children?name=" + FilesClient.encode(name)))
                        .bytes("application/octet-stream", TEN)
                        .send(),
                400,
                "invalid_request");
        // NUL in the path: see nulAndInvalidUtf8InThePath…; a path ending in "/.." or "/." never reaches the
        // application: Payara's Grizzly normalizer can throw on it (ArrayIndexOutOfBoundsException in
        // HttpRequestURIDecoder.normalizeBytes, depending on its buffer; CI of 2026-12-04 for "/.") and answers an
        // empty 200 itself (README, notes for operators)
        if (!name.isEmpty() && !name.contains("\u0000") && !name.equals("..") && !name.equals(".")) {
            cleanError(user.upload(box, name, TEN, null), 400, "invalid_request");
        }

        assertUnchanged(before);
        assertThat(user.node(file).expect(200).str("node.name")).isEqualTo("ten.bin");
    }

    /** JSON can spell what UTF-8 cannot: a lone surrogate is not a name. */
    @Test
    void aLoneSurrogateInJsonIsNotAName() throws IOException {
        State before = state();
        for (String name : new String[] {"lone\\ud800x", "\\udc00", "x\\ud83d"}) {
            String json = "{\"name\":\"" + name + "\"}";
            cleanError(
                    user.as(api.post("/api/files/" + box + "/folders"))
                            .json(json)
                            .send(),
                    400,
                    "invalid_request");
            cleanError(user.as(api.patch("/api/files/" + file)).json(json).send(), 400, "invalid_request");
        }
        assertUnchanged(before);
    }

    @Test
    void aMultipartFileWithABadNameFailsOnItsOwn() throws IOException {
        State before = state();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (String name : new String[] {"..", ".", "x".repeat(256)}) {
            body.writeBytes(part("XyZ", name, TEN));
        }
        body.writeBytes("--XyZ--\r\n".getBytes(StandardCharsets.US_ASCII));

        Res r = user.as(api.post("/api/files/" + box + "/children"))
                .bytes("multipart/form-data; boundary=XyZ", body.toByteArray())
                .send()
                .expect(207);

        assertThat(r.num("succeeded")).isZero();
        assertThat(r.num("failed")).isEqualTo(3L);
        for (int i = 0; i < 3; i++) {
            assertThat(r.str("files." + i + ".error")).isEqualTo("invalid_request");
            assertThat(r.has("files." + i + ".node")).isFalse();
        }
        assertUnchanged(before);
    }

    @Test
    void namesUpTo255BytesOfUtf8AreAcceptedAndLongerOnesAreNot() throws IOException {
        String ascii255 = "n".repeat(251) + ".txt";
        String accents100 = "\u00e9".repeat(100); // 200 bytes
        String accents255 = "\u00e9".repeat(127) + "x";
        String emoji255 = "\ud83d\ude00".repeat(63) + "abc";
        for (String ok : new String[] {ascii255, accents100, accents255, emoji255}) {
            assertThat(ok.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(255);
            Res r = user.upload(box, ok, TEN, null).expect(201);
            assertThat(r.str("name")).isEqualTo(ok);
        }
        long folder = user.mkdir(box, "d".repeat(255));
        State before = state();

        for (String tooLong : new String[] {
            "n".repeat(252) + ".txt", "\u00e9".repeat(128), "\u00e9".repeat(127) + "xy", "\ud83d\ude00".repeat(64)
        }) {
            assertThat(tooLong.getBytes(StandardCharsets.UTF_8).length).isEqualTo(256);
            cleanError(user.upload(box, tooLong, TEN, null), 400, "invalid_request");
            cleanError(
                    user.as(api.post("/api/files/" + box + "/folders"))
                            .json(MiniJson.obj("name", tooLong))
                            .send(),
                    400,
                    "invalid_request");
        }

        assertUnchanged(before);
        assertThat(user.names(box))
                .containsExactlyInAnyOrder(ascii255, accents100, accents255, emoji255, "d".repeat(255), "ten.bin");
        assertThat(user.node(folder).expect(200).str("path")).isEqualTo("/box/" + "d".repeat(255));
        for (Object e : user.list(box, null)) {
            if (!"folder".equals(MiniJson.at(e, "type"))) {
                long id = ((java.math.BigDecimal) MiniJson.at(e, "id")).longValueExact();
                assertThat(user.download(id)).isEqualTo(TEN);
            }
        }
    }

    @Test
    void decomposedNamesAreStoredInNfc() {
        String decomposed = "e\u0301t\u0301e\u0301.txt"; // é t́ é, as macOS spells them
        String composed = java.text.Normalizer.normalize(decomposed, java.text.Normalizer.Form.NFC);
        assertThat(composed).isNotEqualTo(decomposed);

        Res r = user.upload(box, decomposed, TEN, null).expect(201);
        assertThat(r.str("name")).isEqualTo(composed);
        long id = r.num("id");

        assertThat(user.names(box)).contains(composed).doesNotContain(decomposed);
        assertThat(user.node(id).expect(200).str("path")).isEqualTo("/box/" + composed);
        // both spellings are one name
        user.upload(box, composed, TEN, null).expectError(409, "name_taken");
        user.as(api.post("/api/files/" + box + "/children?name=" + FilesClient.encode(decomposed)))
                .bytes("application/octet-stream", TEN)
                .send()
                .expectError(409, "name_taken");
        assertThat(user.as(api.post("/api/files/" + box + "/folders"))
                        .json(MiniJson.obj("name", "Cafe\u0301"))
                        .send()
                        .expect(201)
                        .str("name"))
                .isEqualTo("Caf\u00e9");
        assertThat(user.as(api.patch("/api/files/" + file))
                        .json(MiniJson.obj("name", "re\u0301sume\u0301.bin"))
                        .send()
                        .expect(200)
                        .str("name"))
                .isEqualTo("r\u00e9sum\u00e9.bin");
        assertThat(user.names(box)).containsExactlyInAnyOrder(composed, "Caf\u00e9", "r\u00e9sum\u00e9.bin");
        assertThat(user.download(id)).isEqualTo(TEN);
    }

    // ---- moves ----

    @Test
    void aFolderCannotBeMovedOrCopiedIntoItselfOrItsSubtree() throws IOException {
        long a = user.mkdir(box, "a");
        long b = user.mkdir(a, "b");
        long c = user.mkdir(b, "c");
        user.uploadOk(c, "deep.txt", TEN);
        State before = state();
        String paths = paths(a, b, c);

        for (long target : new long[] {a, b, c}) {
            cleanError(
                    user.as(api.patch("/api/files/" + a))
                            .json(MiniJson.obj("parentId", target))
                            .send(),
                    409,
                    "into_own_subtree");
            cleanError(
                    user.as(api.patch("/api/files/" + a))
                            .json(MiniJson.obj("parentId", target, "name", "renamed", "conflict", "keep-both"))
                            .send(),
                    409,
                    "into_own_subtree");
            cleanError(
                    user.as(api.post("/api/files/" + a + "/copy"))
                            .json(MiniJson.obj("parentId", target, "conflict", "keep-both"))
                            .send(),
                    409,
                    "into_own_subtree");
        }
        cleanError(
                user.as(api.patch("/api/files/" + b))
                        .json(MiniJson.obj("parentId", c))
                        .send(),
                409,
                "into_own_subtree");
        Res batch = user.as(api.post("/api/files/batch"))
                .json(MiniJson.obj("action", "move", "ids", List.of(a, b), "targetId", c))
                .send()
                .expect(200);
        assertThat(batch.str("results.0.error")).isEqualTo("into_own_subtree");
        assertThat(batch.str("results.1.error")).isEqualTo("into_own_subtree");
        assertThat(batch.num("failed")).isEqualTo(2L);
        // a file as the target folder, and the root as the item
        cleanError(
                user.as(api.patch("/api/files/" + a))
                        .json(MiniJson.obj("parentId", file))
                        .send(),
                409,
                "not_a_folder");
        cleanError(
                user.as(api.patch("/api/files/" + root))
                        .json(MiniJson.obj("parentId", a))
                        .send(),
                409,
                "root_is_fixed");
        cleanError(
                user.as(api.patch("/api/files/" + root))
                        .json(MiniJson.obj("name", "top"))
                        .send(),
                409,
                "root_is_fixed");

        assertUnchanged(before);
        assertThat(paths(a, b, c)).isEqualTo(paths);
        assertThat(user.node(c).expect(200).str("path")).isEqualTo("/box/a/b/c");
    }

    // ---- ids ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GET /api/files/abc",
                "GET /api/files/99999999999999999999",
                "GET /api/files/-1",
                "GET /api/files/1.5",
                "GET /api/files/0x10",
                "GET /api/files/1e3",
                "GET /api/files/abc/children",
                "GET /api/files/99999999999999999999/children",
                "GET /api/files/abc/folders",
                "GET /api/files/99999999999999999999/content",
                "GET /api/files/abc/zip",
                "GET /api/files/zip?ids=abc",
                "GET /api/files/zip?ids=99999999999999999999",
                "GET /api/files/zip?ids=",
                "GET /api/files/zip?ids=1,,2",
                "GET /api/files/zip",
                "DELETE /api/files/abc",
                "DELETE /api/files/99999999999999999999",
                "PUT /api/files/99999999999999999999/content",
                "PUT /api/files/abc/children/x.txt",
                "POST /api/files/99999999999999999999/children?name=x.txt",
                "POST /api/trash/abc/restore",
                "POST /api/trash/99999999999999999999/restore",
                "DELETE /api/trash/99999999999999999999",
                "PUT /api/favorites/abc",
                "DELETE /api/favorites/99999999999999999999",
                "GET /api/uploads/not-a-uuid",
                "PATCH /api/uploads/not-a-uuid",
                "POST /api/uploads/not-a-uuid/complete",
                "DELETE /api/uploads/12345",
                "GET /api/trash?after=abc",
            })
    void malformedOrOverflowingIdsAreClientErrors(String request) throws IOException {
        State before = state();
        String[] mp = request.split(" ", 2);
        Req r =
                switch (mp[0]) {
                    case "GET" -> api.get(mp[1]);
                    case "DELETE" -> api.delete(mp[1]);
                    case "PUT" -> api.put(mp[1]).bytes("application/octet-stream", TEN);
                    case "PATCH" ->
                        api.patch(mp[1]).header("Upload-Offset", "0").bytes("application/octet-stream", TEN);
                    default -> api.post(mp[1]).bytes("application/octet-stream", TEN);
                };

        Res res = user.as(r).send();

        ApiErrorsIT.assertCleanClientError(res);
        assertThat(res.status()).as("%s: %s", request, res.body()).isIn(400, 404);
        assertUnchanged(before);
    }

    @Test
    void overflowingAndWronglyTypedIdsInJsonAreClientErrors() throws IOException {
        State before = state();
        String[] bodies = {
            "{\"parentId\":\"abc\"}", "{\"parentId\":99999999999999999999}", "{\"parentId\":true}", "{\"parentId\":[1]}"
        };
        for (String json : bodies) {
            for (Req r : new Req[] {api.patch("/api/files/" + file), api.post("/api/files/" + file + "/copy")}) {
                Res res = user.as(r).json(json).send();
                ApiErrorsIT.assertCleanClientError(res);
            }
        }
        for (String json : new String[] {
            "{\"action\":\"delete\",\"ids\":[\"abc\"]}", "{\"action\":\"delete\",\"ids\":\"1,2\"}",
        }) {
            Res res = user.as(api.post("/api/files/batch")).json(json).send();
            ApiErrorsIT.assertCleanClientError(res);
        }

        assertUnchanged(before);
    }

    // ---- ranges ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bytes=9-2",
                "bytes=99999999999999999999-",
                "bytes=-99999999999999999999",
                "bytes=0-99999999999999999999",
                "bytes=abc",
                "bytes=",
                "bytes=1-2,x",
                "bytes=--1",
                "bytes=1-2-3",
                "bytes 0-1"
            })
    void malformedRangesAreABadRequest(String range) {
        Res r = user.as(api.get("/api/files/" + file + "/content"))
                .header("Range", range)
                .send();

        cleanError(r, 400, "invalid_range");
        assertThat(r.header("Content-Range")).isNull();
        Res head = user.as(api.head("/api/files/" + file + "/content"))
                .header("Range", range)
                .send();
        assertThat(head.status()).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=-0", "bytes=10-", "bytes=10-20", "bytes=999-", "bytes=10-10,20-30,-0"})
    void rangesBeyondTheContentAreNotSatisfiable(String range) {
        Res r = user.as(api.get("/api/files/" + file + "/content"))
                .header("Range", range)
                .send();

        cleanError(r, 416, "range_not_satisfiable");
        assertThat(r.header("Content-Range")).isEqualTo("bytes */" + TEN.length);
        Res head = user.as(api.head("/api/files/" + file + "/content"))
                .header("Range", range)
                .send();
        assertThat(head.status()).isEqualTo(416);
        assertThat(head.header("Content-Range")).isEqualTo("bytes */" + TEN.length);
        // a satisfiable range right after still works: nothing about the file was disturbed
        Bin ok = user.as(api.get("/api/files/" + file + "/content"))
                .header("Range", "bytes=2-4")
                .sendForBytes()
                .expect(206);
        assertThat(new String(ok.body(), StandardCharsets.US_ASCII)).isEqualTo("234");
    }

    // ---- listing parameters ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "cursor=!!!",
                "cursor=Zm9v",
                "cursor=" + "QQ",
                "limit=0",
                "limit=1001",
                "limit=-5",
                "sort=bogus",
                "sort=name;drop",
                "order=up",
                "order=DESC%20"
            })
    void badListingParametersAreABadRequest(String query) {
        cleanError(user.as(api.get("/api/files/" + box + "/children?" + query)).send(), 400, "invalid_request");
    }

    @Test
    void aCursorOfAnotherOrderIsABadRequest() {
        for (int i = 0; i < 3; i++) {
            user.uploadOk(box, "f" + i, TEN);
        }
        String next = user.as(api.get("/api/files/" + box + "/children?sort=size&limit=1"))
                .send()
                .expect(200)
                .str("next");
        assertThat(next).isNotNull();
        // the cursor works in its own order ...
        user.as(api.get("/api/files/" + box + "/children?sort=size&limit=1&cursor=" + next))
                .send()
                .expect(200);
        // ... and is refused in another, or when tampered with
        cleanError(
                user.as(api.get("/api/files/" + box + "/children?sort=name&limit=1&cursor=" + next))
                        .send(),
                400,
                "invalid_request");
        String forged = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString("SIZE\u0000f\u0000notanumber\u0000x".getBytes(StandardCharsets.UTF_8));
        cleanError(
                user.as(api.get("/api/files/" + box + "/children?sort=size&cursor=" + forged))
                        .send(),
                400,
                "invalid_request");
        cleanError(user.as(api.get("/api/trash?limit=0")).send(), 400, "invalid_request");
        cleanError(user.as(api.get("/api/trash?limit=1001")).send(), 400, "invalid_request");
    }

    @Test
    void nonNumericLimitsAreClientErrors() {
        for (String q : new String[] {"limit=abc", "limit=99999999999", "limit=1.5"}) {
            Res r = user.as(api.get("/api/files/" + box + "/children?" + q)).send();
            ApiErrorsIT.assertCleanClientError(r);
        }
    }

    // ---- conflict modes ----

    @Test
    void anUnknownConflictModeIsABadRequestEverywhere() throws IOException {
        long other = user.mkdir(root, "other");
        State before = state();

        cleanError(user.upload(box, "new.txt", TEN, "bogus"), 400, "invalid_request");
        cleanError(user.upload(box, "ten.bin", TEN, "bogus"), 400, "invalid_request");
        cleanError(
                user.as(api.post("/api/files/" + box + "/children?name=new.txt&conflict=bogus"))
                        .bytes("application/octet-stream", TEN)
                        .send(),
                400,
                "invalid_request");
        byte[] form = concat(
                field("XyZ", "conflict", "bogus"),
                part("XyZ", "new.txt", TEN),
                "--XyZ--\r\n".getBytes(StandardCharsets.US_ASCII));
        cleanError(
                user.as(api.post("/api/files/" + box + "/children"))
                        .bytes("multipart/form-data; boundary=XyZ", form)
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.patch("/api/files/" + file))
                        .json(MiniJson.obj("parentId", other, "conflict", "bogus"))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/files/" + file + "/copy"))
                        .json(MiniJson.obj("parentId", other, "conflict", "bogus"))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/files/batch"))
                        .json(MiniJson.obj("action", "move", "ids", List.of(file), "targetId", other, "conflict", "x"))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/uploads"))
                        .json(MiniJson.obj("parentId", box, "name", "new.txt", "size", 10, "conflict", "bogus"))
                        .send(),
                400,
                "invalid_request");

        assertUnchanged(before);
        assertThat(user.names(other)).isEmpty();
        assertThat(user.download(file)).isEqualTo(TEN);
    }

    // ---- checksums ----

    @Test
    void aWrongChecksumStoresNothing() throws IOException {
        State before = state();
        String ofSomethingElse = FilesClient.sha256("something else".getBytes(StandardCharsets.UTF_8));
        String etag = user.node(file).expect(200).str("node.etag");

        cleanError(
                user.as(api.put("/api/files/" + box + "/children/new.bin"))
                        .header("X-Content-SHA256", ofSomethingElse)
                        .bytes("application/octet-stream", TEN)
                        .send(),
                400,
                "checksum_mismatch");
        cleanError(
                user.as(api.post("/api/files/" + box + "/children?name=new.bin"))
                        .header("X-Content-SHA256", ofSomethingElse)
                        .bytes("application/octet-stream", TEN)
                        .send(),
                400,
                "checksum_mismatch");
        byte[] other = "other content".getBytes(StandardCharsets.UTF_8);
        cleanError(
                user.as(api.put("/api/files/" + box + "/children/ten.bin?conflict=overwrite"))
                        .header("X-Content-SHA256", ofSomethingElse)
                        .bytes("application/octet-stream", other)
                        .send(),
                400,
                "checksum_mismatch");
        cleanError(
                user.as(api.put("/api/files/" + file + "/content"))
                        .header("X-Content-SHA256", ofSomethingElse)
                        .bytes("application/octet-stream", other)
                        .send(),
                400,
                "checksum_mismatch");
        // resumable: all bytes arrive, the completion finds them wrong and the session is gone
        String session = user.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", box, "name", "new.bin", "size", 10, "sha256", ofSomethingElse))
                .send()
                .expect(201)
                .str("id");
        user.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", TEN)
                .send()
                .expect(204);
        cleanError(user.as(api.post("/api/uploads/" + session + "/complete")).send(), 400, "checksum_mismatch");
        user.as(api.get("/api/uploads/" + session)).send().expectError(404, "not_found");

        assertUnchanged(before);
        assertThat(user.download(file)).isEqualTo(TEN);
        assertThat(user.node(file).expect(200).str("node.etag")).isEqualTo(etag);
        assertNoTempFilesLeft();
        // the same header, right, is accepted (in upper case too)
        user.as(api.put("/api/files/" + box + "/children/new.bin"))
                .header("X-Content-SHA256", FilesClient.sha256(TEN).toUpperCase(java.util.Locale.ROOT))
                .bytes("application/octet-stream", TEN)
                .send()
                .expect(201);
    }

    static Stream<String> malformedChecksums() {
        return Stream.of("abc", "sha256=abc", "zz", "0123456789abcdef", "g".repeat(64), "a".repeat(63), "a".repeat(65));
    }

    @ParameterizedTest
    @MethodSource("malformedChecksums")
    void aMalformedChecksumIsABadRequest(String header) throws IOException {
        State before = state();

        cleanError(
                user.as(api.put("/api/files/" + box + "/children/new.bin"))
                        .header("X-Content-SHA256", header)
                        .bytes("application/octet-stream", TEN)
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.put("/api/files/" + file + "/content"))
                        .header("X-Content-SHA256", header)
                        .bytes("application/octet-stream", "x".getBytes(StandardCharsets.US_ASCII))
                        .send(),
                400,
                "invalid_request");
        cleanError(
                user.as(api.post("/api/uploads"))
                        .json(MiniJson.obj("parentId", box, "name", "new.bin", "size", 10, "sha256", header))
                        .send(),
                400,
                "invalid_request");

        assertUnchanged(before);
        assertThat(user.download(file)).isEqualTo(TEN);
    }

    // ---- bodies that end early ----

    @Test
    void aBodyShorterThanItsContentLengthStoresNothing() throws IOException {
        State before = state();

        RawResponse r =
                raw("PUT /api/files/" + box + "/children/short.bin", "Content-Length: 1000", TEN, Ending.HALF_CLOSE);

        r.assertNotSuccess();
        assertUnchanged(before);
        assertThat(user.names(box)).doesNotContain("short.bin");
        assertNoTempFilesLeft();
    }

    @Test
    void aClientThatDisconnectsMidUploadStoresNothing() throws IOException {
        State before = state();

        raw(
                        "PUT /api/files/" + box + "/children/cut.bin",
                        "Content-Length: 1000000",
                        FilesClient.random(200_000, 7),
                        Ending.RESET)
                .assertNotSuccess();
        raw(
                        "POST /api/files/" + box + "/children?name=cut2.bin",
                        "Content-Length: 1000000",
                        FilesClient.random(200_000, 8),
                        Ending.RESET)
                .assertNotSuccess();

        assertUnchanged(before);
        assertNoTempFilesLeft();
    }

    @Test
    void aChunkedUploadCutOffMidwayStoresNothing() throws IOException {
        State before = state();
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        byte[] data = FilesClient.random(100_000, 11);
        chunks.writeBytes((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        chunks.writeBytes(data);
        chunks.writeBytes("\r\n10000\r\n".getBytes(StandardCharsets.US_ASCII)); // a chunk announced ...
        chunks.writeBytes(Arrays.copyOf(data, 1000)); // ... and only begun

        raw(
                        "PUT /api/files/" + box + "/children/chunked.bin",
                        "Transfer-Encoding: chunked",
                        chunks.toByteArray(),
                        Ending.RESET)
                .assertNotSuccess();
        raw(
                        "PUT /api/files/" + box + "/children/chunked2.bin",
                        "Transfer-Encoding: chunked",
                        chunks.toByteArray(),
                        Ending.HALF_CLOSE)
                .assertNotSuccess();

        assertUnchanged(before);
        assertThat(user.names(box)).containsExactly("ten.bin");
        assertNoTempFilesLeft();
    }

    @Test
    void aReplacementCutOffMidwayKeepsTheOldContent() throws IOException {
        State before = state();
        String etag = user.node(file).expect(200).str("node.etag");

        raw(
                        "PUT /api/files/" + file + "/content",
                        "Content-Length: 500000",
                        FilesClient.random(100_000, 5),
                        Ending.RESET)
                .assertNotSuccess();
        raw("PUT /api/files/" + file + "/content", "Content-Length: 100", TEN, Ending.HALF_CLOSE)
                .assertNotSuccess();

        assertUnchanged(before);
        assertThat(user.download(file)).isEqualTo(TEN);
        assertThat(user.node(file).expect(200).str("node.etag")).isEqualTo(etag);
        assertNoTempFilesLeft();
    }

    // ---- multipart ----

    @Test
    void malformedMultipartIsABadRequest() throws IOException {
        State before = state();
        byte[] truncated = Arrays.copyOf(part("XyZ", "trunc.txt", FilesClient.random(5000, 3)), 3000);
        byte[] unterminatedHeaders =
                "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"h.txt\"\r\nContent-Ty"
                        .getBytes(StandardCharsets.US_ASCII);

        cleanError(
                user.as(api.post("/api/files/" + box + "/children"))
                        .bytes("multipart/form-data", part("XyZ", "noboundary.txt", TEN))
                        .send(),
                400,
                "malformed_multipart");
        cleanError(
                user.as(api.post("/api/files/" + box + "/children"))
                        .bytes("multipart/form-data; boundary=XyZ", truncated)
                        .send(),
                400,
                "malformed_multipart");
        cleanError(
                user.as(api.post("/api/files/" + box + "/children"))
                        .bytes("multipart/form-data; boundary=XyZ", unterminatedHeaders)
                        .send(),
                400,
                "malformed_multipart");
        // a body with no part at all (no delimiter line) holds no file
        Res none = user.as(api.post("/api/files/" + box + "/children"))
                .bytes("multipart/form-data; boundary=XyZ", "just some text".getBytes(StandardCharsets.US_ASCII))
                .send();
        assertThat(none.status()).isEqualTo(400);
        assertThat(none.str("error")).isIn("malformed_multipart", "invalid_request");
        ApiErrorsIT.assertCleanClientError(none);
        // a form of fields only
        cleanError(
                user.as(api.post("/api/files/" + box + "/children"))
                        .bytes(
                                "multipart/form-data; boundary=XyZ",
                                concat(
                                        field("XyZ", "conflict", "overwrite"),
                                        "--XyZ--\r\n".getBytes(StandardCharsets.US_ASCII)))
                        .send(),
                400,
                "invalid_request");

        assertUnchanged(before);
        assertNoTempFilesLeft();
    }

    // ---- JSON bodies ----

    @Test
    void jsonBodiesWithoutWhatTheyNeedAreABadRequest() throws IOException {
        long other = user.mkdir(root, "other");
        State before = state();
        String[][] cases = {
            {"PATCH", "/api/files/" + file, "{}"},
            {"PATCH", "/api/files/" + file, "{\"conflict\":\"overwrite\"}"},
            {"PATCH", "/api/files/" + file, "null"},
            {"POST", "/api/files/" + file + "/copy", "{}"},
            {"POST", "/api/files/" + file + "/copy", "{\"name\":\"copy.bin\"}"},
            {"POST", "/api/files/" + box + "/folders", "{}"},
            {"POST", "/api/files/" + box + "/folders", "{\"name\":null}"},
            {"POST", "/api/files/batch", "{\"action\":\"explode\",\"ids\":[" + file + "],\"targetId\":" + other + "}"},
            {"POST", "/api/files/batch", "{\"action\":\"explode\",\"ids\":[" + file + "]}"},
            {"POST", "/api/files/batch", "{\"action\":\"move\",\"ids\":[" + file + "]}"},
            {"POST", "/api/files/batch", "{\"action\":\"copy\",\"ids\":[" + file + "]}"},
            {"POST", "/api/files/batch", "{\"action\":\"delete\",\"ids\":[]}"},
            {"POST", "/api/files/batch", "{\"action\":\"delete\"}"},
            {"POST", "/api/files/batch", "{\"ids\":[" + file + "]}"},
            // a bad id after a good one: refused before the good one is touched
            {"POST", "/api/files/batch", "{\"action\":\"delete\",\"ids\":[" + file + ",null]}"},
            {"POST", "/api/files/batch", "{\"action\":\"move\",\"ids\":[" + file + ",null],\"targetId\":" + other + "}"
            },
            {"POST", "/api/uploads", "{}"},
            {"POST", "/api/uploads", "{\"parentId\":" + box + ",\"name\":\"x.bin\"}"},
            {"POST", "/api/uploads", "{\"parentId\":" + box + ",\"size\":1}"},
            {"POST", "/api/uploads", "{\"parentId\":" + box + ",\"name\":\"x.bin\",\"size\":-1}"},
        };
        for (String[] c : cases) {
            Req r = "PATCH".equals(c[0]) ? api.patch(c[1]) : api.post(c[1]);
            Res res = user.as(r).json(c[2]).send();
            assertThat(res.status())
                    .as("%s %s %s: %s", c[0], c[1], c[2], res.body())
                    .isEqualTo(400);
            cleanError(res, 400, "invalid_request");
        }
        for (String malformed : new String[] {"{", "[]", "\"x\"", "{\"name\":}"}) {
            cleanError(user.as(api.patch("/api/files/" + file)).json(malformed).send(), 400, "malformed_json");
            cleanError(user.as(api.post("/api/files/batch")).json(malformed).send(), 400, "malformed_json");
        }

        assertUnchanged(before);
        assertThat(user.names(other)).isEmpty();
        assertThat(user.download(file)).isEqualTo(TEN);
    }

    @Test
    void resumableChunksThatDoNotFitAreRefused() throws IOException {
        String session = user.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", box, "name", "resumable.bin", "size", 10))
                .send()
                .expect(201)
                .str("id");
        user.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", Arrays.copyOf(TEN, 4))
                .send()
                .expect(204);
        State before = state();

        for (String offset : new String[] {"abc", "", "-1", "99999999999999999999"}) {
            Res r = user.as(api.patch("/api/uploads/" + session))
                    .header("Upload-Offset", offset.isEmpty() ? " " : offset)
                    .bytes("application/octet-stream", Arrays.copyOfRange(TEN, 4, 10))
                    .send();
            ApiErrorsIT.assertCleanClientError(r);
            assertThat(r.status()).as("Upload-Offset %s", offset).isIn(400, 409);
        }
        user.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", TEN)
                .send()
                .expectError(409, "offset_mismatch");
        user.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "4")
                .bytes("application/octet-stream", "more than the six bytes left".getBytes(StandardCharsets.US_ASCII))
                .send()
                .expectError(400, "beyond_declared_size");
        user.as(api.post("/api/uploads/" + session + "/complete")).send().expectError(409, "upload_incomplete");

        assertUnchanged(before);
        assertThat(user.as(api.head("/api/uploads/" + session))
                        .send()
                        .expect(200)
                        .header("Upload-Offset"))
                .isEqualTo("4");
        user.as(api.patch("/api/uploads/" + session))
                .header("Upload-Offset", "4")
                .bytes("application/octet-stream", Arrays.copyOfRange(TEN, 4, 10))
                .send()
                .expect(204);
        long id = user.as(api.post("/api/uploads/" + session + "/complete"))
                .send()
                .expect(201)
                .num("id");
        assertThat(user.download(id)).isEqualTo(TEN);
    }

    // ---- helpers ----

    /** The user's visible state: both listings, usage, the trash. */
    record State(List<String> rootNames, List<String> boxNames, String usage, String trash) {}

    State state() {
        return new State(
                user.names(root),
                user.names(box),
                user.usage().body(),
                user.as(api.get("/api/trash")).send().expect(200).body());
    }

    void assertUnchanged(State before) throws IOException {
        assertThat(state()).isEqualTo(before);
    }

    private String paths(long... ids) {
        StringBuilder s = new StringBuilder();
        for (long id : ids) {
            Res r = user.node(id).expect(200);
            s.append(r.str("path")).append(' ').append(r.num("node.parentId")).append('\n');
        }
        return s.toString();
    }

    private static void cleanError(Res r, int status, String code) {
        ApiErrorsIT.assertCleanClientError(r);
        r.expectError(status, code);
    }

    static Path tempDirectory() {
        return SharedServer.server().dataDir.resolve("blobs").resolve("tmp");
    }

    static Set<Path> tempFiles() throws IOException {
        Path tmp = tempDirectory();
        assertThat(tmp).isDirectory();
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".part"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    /** No temp blob file that was not there before the test; the server may take a moment to notice a disconnect. */
    void assertNoTempFilesLeft() throws IOException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        Set<Path> left;
        do {
            left = tempFiles();
            left.removeAll(partsBefore);
            if (left.isEmpty()) {
                return;
            }
            sleep(100);
        } while (System.nanoTime() < deadline);
        fail("temporary blob files left behind in %s: %s", tempDirectory(), left);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static byte[] part(String boundary, String filename, byte[] data) {
        return concat(
                ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                        .getBytes(StandardCharsets.UTF_8),
                data,
                "\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] field(String boundary, String name, String value) {
        return ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    enum Ending {
        /** The whole request is sent; the client reads the answer (send Connection: close). */
        COMPLETE,
        /** The client says it is done sending (FIN) and waits for an answer. */
        HALF_CLOSE,
        /** The client vanishes: the connection is reset. */
        RESET
    }

    /** What came back on a raw connection: the status, or -1 when the server closed without answering. */
    record RawResponse(String request, int status, String text) {
        void assertNotSuccess() {
            if (status >= 0) {
                assertThat(status).as("%s answered: %s", request, text).isBetween(400, 499);
            }
        }
    }

    /**
     * One request over a plain socket to 127.0.0.1, for what HttpClient will not send: a body that does not match
     * its Content-Length, or a connection dropped in the middle of the body.
     */
    RawResponse raw(String requestLine, String framingHeader, byte[] body, Ending ending) throws IOException {
        int port = SharedServer.server().port;
        String head = requestLine + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: "
                + Api.basicHeader(user.user.username(), user.user.password())
                + "\r\nContent-Type: application/octet-stream\r\n" + framingHeader + "\r\n\r\n";
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            if (ending == Ending.RESET) {
                sleep(300); // let the server start reading the body
                s.setSoLinger(true, 0);
                s.close();
                return new RawResponse(requestLine, -1, "");
            }
            if (ending == Ending.HALF_CLOSE) {
                s.shutdownOutput();
            }
            String response = readAll(s.getInputStream());
            return new RawResponse(requestLine, statusOf(response), response);
        }
    }

    /** All a raw connection answers until the server closes it; fails when it neither answers nor closes. */
    static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                got.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            fail("the server neither answered nor closed within 30 s; got: %s", got);
        } catch (IOException e) {
            // reset by the server after it answered or gave up: judge what arrived
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }

    private static int statusOf(String response) {
        if (!response.startsWith("HTTP/1.1 ")) {
            return -1;
        }
        return Integer.parseInt(response.substring(9, 12));
    }
}
