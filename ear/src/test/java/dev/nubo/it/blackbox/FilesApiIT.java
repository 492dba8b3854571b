package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Bin;
import dev.nubo.it.blackbox.Api.Res;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The files REST API end to end: folders, uploads, conflicts, downloads, listings, copy, move, ZIP, batch. */
@ExtendWith(SharedServer.class)
class FilesApiIT {
    final Api api = SharedServer.api();

    @Test
    void uploadIntoNestedFolder_changesEveryAncestorEtag_andSumsSizes() {
        FilesClient f = FilesClient.newUser(api, "etags", null);
        long root = f.rootId();
        long a = f.mkdir(root, "A");
        long b = f.mkdir(a, "B");
        String rootTag = f.node(root).str("node.etag");
        String aTag = f.node(a).str("node.etag");
        String bTag = f.node(b).str("node.etag");

        byte[] data = FilesClient.random(12_345, 1);
        Res up = f.upload(b, "report.pdf", data, null).expect(201);
        assertThat(up.str("sha256")).isEqualTo(FilesClient.sha256(data));
        assertThat(up.num("size")).isEqualTo(12_345);
        assertThat(up.str("mimeType")).isEqualTo("application/pdf");
        assertThat(up.header("ETag")).contains(up.str("etag"));

        assertThat(f.node(root).str("node.etag")).isNotEqualTo(rootTag);
        assertThat(f.node(a).str("node.etag")).isNotEqualTo(aTag);
        assertThat(f.node(b).str("node.etag")).isNotEqualTo(bTag);
        assertThat(f.node(a).num("node.size")).isEqualTo(12_345);
        assertThat(f.node(root).num("node.size")).isEqualTo(12_345);
        assertThat(f.node(up.num("id")).str("path")).isEqualTo("/A/B/report.pdf");
        assertThat(f.download(up.num("id"))).isEqualTo(data);
    }

    @Test
    void conflictModes_failKeepBothOverwrite() {
        FilesClient f = FilesClient.newUser(api, "conflict", null);
        long root = f.rootId();
        byte[] first = "first".getBytes(StandardCharsets.UTF_8);
        byte[] second = "second version".getBytes(StandardCharsets.UTF_8);
        long id = f.uploadOk(root, "notes.txt", first);
        String etag = f.node(id).str("node.etag");

        long usedBefore = f.usage().num("usedBytes");
        String rootEtag = f.node(root).str("node.etag");
        f.upload(root, "notes.txt", second, null).expectError(409, "name_taken");
        f.upload(root, "notes.txt", second, "fail").expectError(409, "name_taken");
        assertThat(f.download(id)).isEqualTo(first);
        // a refused name charges nothing and leaves the folder as it was
        assertThat(f.usage().num("usedBytes")).isEqualTo(usedBefore);
        assertThat(f.node(root).str("node.etag")).isEqualTo(rootEtag);
        assertThat(f.names(root)).containsExactly("notes.txt");

        Res both = f.upload(root, "notes.txt", second, "keep-both").expect(201);
        assertThat(both.str("name")).isEqualTo("notes (1).txt");
        assertThat(f.upload(root, "notes.txt", second, "keep-both").expect(201).str("name"))
                .isEqualTo("notes (2).txt");

        Res over = f.upload(root, "notes.txt", second, "overwrite").expect(201);
        assertThat(over.num("id")).as("overwrite keeps the file's id").isEqualTo(id);
        assertThat(over.str("etag")).isNotEqualTo(etag);
        assertThat(f.download(id)).isEqualTo(second);
        assertThat(f.names(root)).containsExactlyInAnyOrder("notes.txt", "notes (1).txt", "notes (2).txt");
        assertThat(f.usage().num("usedBytes")).isEqualTo(3L * second.length);

        long folder = f.mkdir(root, "folder");
        f.upload(root, "folder", first, "overwrite").expectError(409, "is_a_folder");
        assertThat(f.node(folder).str("node.type")).isEqualTo("folder");
    }

    @Test
    void replaceContent_honoursIfMatch() {
        FilesClient f = FilesClient.newUser(api, "ifmatch", null);
        long id = f.uploadOk(f.rootId(), "doc.txt", "v1".getBytes(StandardCharsets.UTF_8));
        String etag = f.node(id).str("node.etag");
        Res v2 = f.as(api.put("/api/files/" + id + "/content"))
                .header("If-Match", "\"" + etag + "\"")
                .bytes("text/plain", "v2".getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(200);
        assertThat(v2.str("etag")).isNotEqualTo(etag);
        f.as(api.put("/api/files/" + id + "/content"))
                .header("If-Match", "\"" + etag + "\"")
                .bytes("text/plain", "v3".getBytes(StandardCharsets.UTF_8))
                .send()
                .expectError(412, "etag_mismatch");
        assertThat(new String(f.download(id), StandardCharsets.UTF_8)).isEqualTo("v2");
    }

    @Test
    void download_rangesPreconditionsAndHeaders() {
        FilesClient f = FilesClient.newUser(api, "ranges", null);
        byte[] data = FilesClient.random(100_000, 2);
        long id = f.uploadOk(f.rootId(), "Zürich «plan» 2024.bin", data);
        String path = "/api/files/" + id + "/content";

        Bin whole = f.as(api.get(path)).sendForBytes().expect(200);
        String etag = whole.header("ETag");
        assertThat(whole.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(whole.header("Content-Length")).isEqualTo("100000");
        assertThat(whole.header("Content-Disposition"))
                .startsWith("attachment;")
                .contains("filename*=UTF-8''Z%C3%BCrich%20%C2%ABplan%C2%BB%202024.bin");
        assertThat(whole.header("X-Content-Type-Options")).isEqualTo("nosniff");

        Bin one = f.as(api.get(path))
                .header("Range", "bytes=10-19")
                .sendForBytes()
                .expect(206);
        assertThat(one.header("Content-Range")).isEqualTo("bytes 10-19/100000");
        assertThat(one.body()).isEqualTo(Arrays.copyOfRange(data, 10, 20));

        Bin suffix =
                f.as(api.get(path)).header("Range", "bytes=-5").sendForBytes().expect(206);
        assertThat(suffix.body()).isEqualTo(Arrays.copyOfRange(data, 99_995, 100_000));

        Bin multi = f.as(api.get(path))
                .header("Range", "bytes=0-3,50000-50003")
                .sendForBytes()
                .expect(206);
        assertThat(multi.header("Content-Type"))
                .startsWith("multipart/byteranges;")
                .contains("boundary=nubo-");
        assertThat(multi.header("Content-Length")).isEqualTo(String.valueOf(multi.body().length));
        String text = new String(multi.body(), StandardCharsets.ISO_8859_1);
        assertThat(text)
                .contains("Content-Range: bytes 0-3/100000")
                .contains("Content-Range: bytes 50000-50003/100000");
        assertThat(text).contains(new String(Arrays.copyOfRange(data, 50_000, 50_004), StandardCharsets.ISO_8859_1));

        Bin unsatisfiable = f.as(api.get(path))
                .header("Range", "bytes=100000-")
                .sendForBytes()
                .expect(416);
        assertThat(unsatisfiable.header("Content-Range")).isEqualTo("bytes */100000");

        f.as(api.get(path)).header("If-None-Match", etag).sendForBytes().expect(304);
        f.as(api.get(path)).header("If-Match", "\"nope\"").sendForBytes().expect(412);
        f.as(api.get(path)).header("If-Match", etag).sendForBytes().expect(200);
        f.as(api.get(path))
                .header("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")
                .sendForBytes()
                .expect(304);
        f.as(api.get(path))
                .header("If-Unmodified-Since", "Sat, 01 Jan 2000 00:00:00 GMT")
                .sendForBytes()
                .expect(412);
        Bin staleRange = f.as(api.get(path))
                .header("Range", "bytes=0-9")
                .header("If-Range", "\"old-etag\"")
                .sendForBytes()
                .expect(200);
        assertThat(staleRange.body()).hasSize(100_000);
        assertThat(f.as(api.get(path))
                        .header("Range", "bytes=0-9")
                        .header("If-Range", etag)
                        .sendForBytes()
                        .expect(206)
                        .body())
                .hasSize(10);

        Bin head = f.as(api.head(path)).sendForBytes().expect(200);
        assertThat(head.header("Content-Length")).isEqualTo("100000");
        assertThat(head.body()).isEmpty();
        assertThat(f.as(api.get(path + "?disposition=inline")).sendForBytes().header("Content-Disposition"))
                .startsWith("inline;");
    }

    @Test
    void listing_everySortAndDirection_pagesCoverEachEntryOnce_foldersFirst() {
        FilesClient f = FilesClient.newUser(api, "listing", null);
        long root = f.rootId();
        for (int i = 0; i < 4; i++) {
            f.mkdir(root, "dir-" + i);
        }
        String[] ext = {"txt", "png", "pdf", "bin"};
        for (int i = 0; i < 23; i++) {
            f.uploadOk(root, "file-" + (char) ('a' + (i * 7) % 23) + "." + ext[i % 4], new byte[(i * 37) % 11 * 100]);
        }
        for (String sort : List.of("name", "size", "modified", "type")) {
            for (String order : List.of("asc", "desc")) {
                List<Object> paged = new ArrayList<>();
                String cursor = null;
                int pages = 0;
                do {
                    Res page = f.as(api.get("/api/files/" + root + "/children?limit=5&sort=" + sort + "&order=" + order
                                    + (cursor == null ? "" : "&cursor=" + cursor)))
                            .send()
                            .expect(200);
                    assertThat(page.list("entries").size()).isLessThanOrEqualTo(5);
                    paged.addAll(page.list("entries"));
                    cursor = page.str("next");
                    pages++;
                } while (cursor != null && pages < 20);
                assertThat(paged).as(sort + " " + order).hasSize(27);
                assertThat(paged.stream()
                                .map(e -> MiniJson.at(e, "id"))
                                .distinct()
                                .count())
                        .isEqualTo(27);
                List<String> types =
                        paged.stream().map(e -> (String) MiniJson.at(e, "type")).toList();
                assertThat(types.subList(0, 4)).containsOnly("folder");
                List<Object> files = paged.subList(4, 27);
                Comparator<Object> byKey = comparator(sort);
                Comparator<Object> expected = order.equals("asc") ? byKey : byKey.reversed();
                assertThat(files).as(sort + " " + order).isSortedAccordingTo(expected);
            }
        }
    }

    private static Comparator<Object> comparator(String sort) {
        Comparator<Object> name = Comparator.comparing(e -> (String) MiniJson.at(e, "name"));
        return switch (sort) {
            case "size" ->
                Comparator.<Object, java.math.BigDecimal>comparing(e -> (java.math.BigDecimal) MiniJson.at(e, "size"))
                        .thenComparing(name);
            case "modified" ->
                Comparator.<Object, String>comparing(
                                e -> (String) MiniJson.at(e, "modifiedAt"),
                                Comparator.comparing(java.time.OffsetDateTime::parse))
                        .thenComparing(name);
            case "type" ->
                Comparator.<Object, String>comparing(e -> (String) MiniJson.at(e, "mimeType"))
                        .thenComparing(name);
            default -> name;
        };
    }

    @Test
    void copyFolder_duplicatesTheSubtree_sharesContent_countsQuota() {
        FilesClient f = FilesClient.newUser(api, "copy", null);
        long root = f.rootId();
        long src = f.mkdir(root, "src");
        long inner = f.mkdir(src, "inner");
        byte[] a = FilesClient.random(1000, 3);
        byte[] b = FilesClient.random(2000, 4);
        f.uploadOk(src, "a.bin", a);
        f.uploadOk(inner, "b.bin", b);
        long gone = f.uploadOk(inner, "gone.bin", FilesClient.random(500, 5));
        f.as(api.delete("/api/files/" + gone)).send().expect(204);
        long dest = f.mkdir(root, "dest");
        long usedBefore = f.usage().num("usedBytes");

        Res copy = f.as(api.post("/api/files/" + src + "/copy"))
                .json(MiniJson.obj("parentId", dest))
                .send()
                .expect(201);
        long copyId = copy.num("id");
        assertThat(copyId).isNotEqualTo(src);
        assertThat(copy.num("size")).isEqualTo(3000);
        assertThat(f.names(copyId)).containsExactly("inner", "a.bin");
        long copiedInner =
                ((java.math.BigDecimal) MiniJson.at(f.list(copyId, null).get(0), "id")).longValue();
        assertThat(copiedInner).isNotEqualTo(inner);
        assertThat(f.names(copiedInner)).as("trashed items are not copied").containsExactly("b.bin");
        long copiedB =
                ((java.math.BigDecimal) MiniJson.at(f.list(copiedInner, null).get(0), "id")).longValue();
        assertThat(f.download(copiedB)).isEqualTo(b);
        assertThat(f.node(copiedB).str("path")).isEqualTo("/dest/src/inner/b.bin");
        assertThat(f.usage().num("usedBytes")).isEqualTo(usedBefore + 3000);
        assertThat(f.node(dest).num("node.size")).isEqualTo(3000);

        f.as(api.post("/api/files/" + src + "/copy"))
                .json(MiniJson.obj("parentId", inner))
                .send()
                .expectError(409, "into_own_subtree");
        Res again = f.as(api.post("/api/files/" + src + "/copy"))
                .json(MiniJson.obj("parentId", dest, "conflict", "keep-both"))
                .send()
                .expect(201);
        assertThat(again.str("name")).isEqualTo("src (1)");
        // the original is untouched
        assertThat(f.names(src)).containsExactly("inner", "a.bin");
    }

    @Test
    void moveAndRename_updatePathsAndSizes() {
        FilesClient f = FilesClient.newUser(api, "move", null);
        long root = f.rootId();
        long x = f.mkdir(root, "x");
        long y = f.mkdir(root, "y");
        long sub = f.mkdir(x, "sub");
        long file = f.uploadOk(sub, "f.txt", new byte[700]);

        Res moved = f.as(api.patch("/api/files/" + sub))
                .json(MiniJson.obj("parentId", y, "name", "renamed"))
                .send()
                .expect(200);
        assertThat(moved.num("parentId")).isEqualTo(y);
        assertThat(f.node(file).str("path")).isEqualTo("/y/renamed/f.txt");
        assertThat(f.node(x).num("node.size")).isZero();
        assertThat(f.node(y).num("node.size")).isEqualTo(700);
        f.as(api.patch("/api/files/" + y))
                .json(MiniJson.obj("parentId", sub))
                .send()
                .expectError(409, "into_own_subtree");
        f.as(api.patch("/api/files/" + root))
                .json(MiniJson.obj("name", "r"))
                .send()
                .expectError(409, "root_is_fixed");
        f.mkdir(y, "taken");
        f.as(api.patch("/api/files/" + sub))
                .json(MiniJson.obj("name", "taken"))
                .send()
                .expectError(409, "name_taken");
        assertThat(f.as(api.patch("/api/files/" + sub))
                        .json(MiniJson.obj("name", "taken", "conflict", "keep-both"))
                        .send()
                        .expect(200)
                        .str("name"))
                .isEqualTo("taken (1)");
    }

    @Test
    void trash_listRestoreRecreatePurgeEmpty() {
        FilesClient f = FilesClient.newUser(api, "trash", null);
        long root = f.rootId();
        long docs = f.mkdir(root, "Docs");
        long file = f.uploadOk(docs, "a.txt", new byte[300]);
        long other = f.uploadOk(docs, "b.txt", new byte[200]);

        f.as(api.delete("/api/files/" + file)).send().expect(204);
        assertThat(f.names(docs)).containsExactly("b.txt");
        f.node(file).expectError(404, "not_found");
        Res trash = f.as(api.get("/api/trash")).send().expect(200);
        assertThat(trash.list("items")).hasSize(1);
        assertThat(trash.str("items.0.originalPath")).isEqualTo("/Docs/a.txt");
        Res usage = f.usage();
        assertThat(usage.num("usedBytes")).as("trashed bytes still count").isEqualTo(500);
        assertThat(usage.num("trashBytes")).isEqualTo(300);
        assertThat(f.node(docs).num("node.size")).isEqualTo(200);

        assertThat(f.as(api.post("/api/trash/" + file + "/restore"))
                        .send()
                        .expect(200)
                        .num("parentId"))
                .isEqualTo(docs);
        assertThat(f.names(docs)).containsExactly("a.txt", "b.txt");

        // the folder goes to the trash after the file: restoring the file recreates /Docs
        f.as(api.delete("/api/files/" + file)).send().expect(204);
        f.as(api.delete("/api/files/" + docs)).send().expect(204);
        Res restored = f.as(api.post("/api/trash/" + file + "/restore")).send().expect(200);
        assertThat(restored.num("parentId")).isNotEqualTo(docs);
        assertThat(f.node(file).str("path")).isEqualTo("/Docs/a.txt");

        // a name taken meanwhile: the restored item is renamed
        long again = f.mkdir(root, "again");
        long n1 = f.uploadOk(again, "n.txt", new byte[10]);
        f.as(api.delete("/api/files/" + n1)).send().expect(204);
        f.uploadOk(again, "n.txt", new byte[20]);
        assertThat(f.as(api.post("/api/trash/" + n1 + "/restore"))
                        .send()
                        .expect(200)
                        .str("name"))
                .isEqualTo("n (1).txt");

        // the old /Docs (with b.txt) is still in the trash; purge it, then empty the rest
        long usedBefore = f.usage().num("usedBytes");
        f.as(api.delete("/api/trash/" + docs)).send().expect(204);
        assertThat(f.usage().num("usedBytes")).isEqualTo(usedBefore - 200);
        f.as(api.post("/api/trash/" + other + "/restore")).send().expectError(404, "not_found");
        f.as(api.delete("/api/files/" + again)).send().expect(204);
        assertThat(f.as(api.delete("/api/trash")).send().expect(200).num("deleted"))
                .isEqualTo(1);
        assertThat(f.as(api.get("/api/trash")).send().expect(200).list("items")).isEmpty();
        assertThat(f.usage().num("usedBytes")).isEqualTo(300);
        assertThat(f.usage().num("trashBytes")).isZero();
    }

    @Test
    void favoritesAndRecent() {
        FilesClient f = FilesClient.newUser(api, "fav", null);
        long root = f.rootId();
        long a = f.uploadOk(root, "a.txt", new byte[1]);
        long b = f.uploadOk(root, "b.txt", new byte[2]);
        long dir = f.mkdir(root, "dir");
        f.as(api.put("/api/favorites/" + a)).send().expect(204);
        f.as(api.put("/api/favorites/" + a)).send().expect(204);
        f.as(api.put("/api/favorites/" + dir)).send().expect(204);
        assertThat(f.as(api.get("/api/favorites")).send().expect(200).list("").stream()
                        .map(e -> MiniJson.at(e, "name")))
                .containsExactly("dir", "a.txt");
        f.as(api.delete("/api/favorites/" + dir)).send().expect(204);
        f.as(api.delete("/api/files/" + a)).send().expect(204);
        assertThat(f.as(api.get("/api/favorites")).send().expect(200).list(""))
                .as("trashed items are hidden")
                .isEmpty();

        f.download(b);
        Res recent = f.as(api.get("/api/recent?limit=10")).send().expect(200);
        assertThat(recent.str("0.node.name")).isEqualTo("b.txt");
        assertThat(recent.str("0.action")).isEqualTo("opened");
        assertThat(recent.list("").stream().map(e -> MiniJson.at(e, "node.name")))
                .doesNotContain("a.txt");
        f.as(api.get("/api/recent?limit=0")).send().expectError(400, "invalid_request");
    }

    @Test
    void zip_ofAFolderAndOfASelection() throws IOException {
        FilesClient f = FilesClient.newUser(api, "zip", null);
        long root = f.rootId();
        long album = f.mkdir(root, "Album");
        long sub = f.mkdir(album, "Sub");
        byte[] one = FilesClient.random(70_000, 6);
        byte[] two = "two".getBytes(StandardCharsets.UTF_8);
        f.uploadOk(album, "one.bin", one);
        f.uploadOk(sub, "twö.txt", two);
        long loose = f.uploadOk(root, "loose.txt", "loose".getBytes(StandardCharsets.UTF_8));

        Bin zip = f.as(api.get("/api/files/" + album + "/zip")).sendForBytes().expect(200);
        assertThat(zip.header("Content-Type")).isEqualTo("application/zip");
        Map<String, byte[]> entries = unzip(zip.body());
        assertThat(entries.keySet())
                .containsExactlyInAnyOrder("Album/", "Album/Sub/", "Album/one.bin", "Album/Sub/twö.txt");
        assertThat(entries.get("Album/one.bin")).isEqualTo(one);
        assertThat(entries.get("Album/Sub/twö.txt")).isEqualTo(two);

        Map<String, byte[]> selection = unzip(f.as(api.get("/api/files/zip?ids=" + sub + "," + loose))
                .sendForBytes()
                .expect(200)
                .body());
        assertThat(selection.keySet()).containsExactlyInAnyOrder("Sub/", "Sub/twö.txt", "loose.txt");
    }

    private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> out = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                out.put(e.getName(), in.readAllBytes());
            }
        }
        return out;
    }

    @Test
    void batch_resultPerItem() {
        FilesClient f = FilesClient.newUser(api, "batch", null);
        long root = f.rootId();
        long target = f.mkdir(root, "target");
        long a = f.uploadOk(root, "a", new byte[1]);
        long b = f.uploadOk(root, "b", new byte[1]);
        f.uploadOk(target, "b", new byte[1]);
        Res moved = f.as(api.post("/api/files/batch"))
                .json("{\"action\":\"move\",\"ids\":[" + a + "," + b + ",999999999],\"targetId\":" + target + "}")
                .send()
                .expect(200);
        assertThat(moved.num("succeeded")).isEqualTo(1);
        assertThat(moved.num("failed")).isEqualTo(2);
        assertThat(moved.num("results.0.node.parentId")).isEqualTo(target);
        assertThat(moved.str("results.1.error")).isEqualTo("name_taken");
        assertThat(moved.str("results.2.error")).isEqualTo("not_found");

        Res copied = f.as(api.post("/api/files/batch"))
                .json("{\"action\":\"copy\",\"ids\":[" + b + "],\"targetId\":" + target
                        + ",\"conflict\":\"keep-both\"}")
                .send()
                .expect(200);
        assertThat(copied.str("results.0.node.name")).isEqualTo("b (1)");
        Res deleted = f.as(api.post("/api/files/batch"))
                .json("{\"action\":\"delete\",\"ids\":[" + b + "]}")
                .send()
                .expect(200);
        assertThat(deleted.num("succeeded")).isEqualTo(1);
        assertThat(f.names(root)).containsExactly("target");
    }

    @Test
    void multipart_severalFiles_eachWithItsResult() {
        FilesClient f = FilesClient.newUser(api, "multi", null);
        long root = f.rootId();
        f.uploadOk(root, "exists.txt", new byte[1]);
        String boundary = "----nubo-test-boundary";
        String body = part(boundary, "conflict", null, "fail")
                + part(boundary, "file", "one.txt", "ONE")
                + part(boundary, "file", "exists.txt", "clash")
                + part(boundary, "file", "thrée.txt", "THREE")
                + "--" + boundary + "--\r\n";
        Res r = f.as(api.post("/api/files/" + root + "/children"))
                .bytes("multipart/form-data; boundary=" + boundary, body.getBytes(StandardCharsets.UTF_8))
                .send()
                .expect(207);
        assertThat(r.num("succeeded")).isEqualTo(2);
        assertThat(r.str("files.1.error")).isEqualTo("name_taken");
        assertThat(f.names(root)).containsExactly("exists.txt", "one.txt", "thrée.txt");
        long three = r.num("files.2.node.id");
        assertThat(new String(f.download(three), StandardCharsets.UTF_8)).isEqualTo("THREE");
    }

    private static String part(String boundary, String field, String filename, String content) {
        return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field + "\""
                + (filename == null ? "" : "; filename=\"" + filename + "\"") + "\r\n"
                + (filename == null ? "" : "Content-Type: text/plain\r\n") + "\r\n" + content + "\r\n";
    }

    @Test
    void resumableUpload_chunksResumeAndComplete() {
        FilesClient f = FilesClient.newUser(api, "resume", null);
        long root = f.rootId();
        byte[] data = FilesClient.random(300_000, 7);
        Res created = f.as(api.post("/api/uploads"))
                .json(MiniJson.obj(
                        "parentId", root, "name", "big.bin", "size", data.length, "sha256", FilesClient.sha256(data)))
                .send()
                .expect(201);
        String id = created.str("id");
        String at = "/api/uploads/" + id;
        f.as(api.patch(at))
                .header("Upload-Offset", "0")
                .bytes("application/offset+octet-stream", Arrays.copyOfRange(data, 0, 100_000))
                .send()
                .expect(204);
        Res wrong = f.as(api.patch(at))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", new byte[10])
                .send();
        wrong.expectError(409, "offset_mismatch");
        assertThat(f.as(api.head(at)).send().expect(200).header("Upload-Offset"))
                .isEqualTo("100000");
        f.as(api.post(at + "/complete")).send().expectError(409, "upload_incomplete");
        Res second = f.as(api.patch(at))
                .header("Upload-Offset", "100000")
                .bytes("application/octet-stream", Arrays.copyOfRange(data, 100_000, 300_000))
                .send()
                .expect(204);
        assertThat(second.header("Upload-Offset")).isEqualTo("300000");
        Res done = f.as(api.post(at + "/complete")).send().expect(201);
        assertThat(done.str("sha256")).isEqualTo(FilesClient.sha256(data));
        assertThat(f.download(done.num("id"))).isEqualTo(data);
        f.as(api.get(at)).send().expectError(404, "not_found");

        Res bad = f.as(api.post("/api/uploads"))
                .json(MiniJson.obj(
                        "parentId", root, "name", "bad.bin", "size", 10, "sha256", FilesClient.sha256(new byte[1])))
                .send()
                .expect(201);
        String badAt = "/api/uploads/" + bad.str("id");
        f.as(api.patch(badAt))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", new byte[11])
                .send()
                .expectError(400, "beyond_declared_size");
        assertThat(f.as(api.head(badAt)).send().expect(200).header("Upload-Offset"))
                .isEqualTo("0");
        f.as(api.patch(badAt))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", new byte[10])
                .send()
                .expect(204);
        f.as(api.post(badAt + "/complete")).send().expectError(400, "checksum_mismatch");
        assertThat(f.names(root)).containsExactly("big.bin");
        f.as(api.get(badAt)).send().expectError(404, "not_found");
    }

    @Test
    void sameContentFromTwoUsers_isStoredOnce() throws IOException {
        FilesClient a = FilesClient.newUser(api, "dedup-a", null);
        FilesClient b = FilesClient.newUser(api, "dedup-b", null);
        byte[] data = FilesClient.random(50_000, System.nanoTime());
        String hash = FilesClient.sha256(data);
        a.uploadOk(a.rootId(), "mine.bin", data);
        b.uploadOk(b.rootId(), "yours.bin", data);
        java.nio.file.Path dir = SharedServer.server()
                .dataDir
                .resolve("blobs/sha256")
                .resolve(hash.substring(0, 2))
                .resolve(hash.substring(2, 4));
        try (var files = java.nio.file.Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())
                            .filter(hash::equals)
                            .count())
                    .isEqualTo(1);
        }
        assertThat(java.nio.file.Files.size(dir.resolve(hash))).isEqualTo(50_000);
        assertThat(a.usage().num("usedBytes")).isEqualTo(50_000);
        assertThat(b.usage().num("usedBytes")).isEqualTo(50_000);
    }
}
