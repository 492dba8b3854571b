package dev.nubo.it.blackbox;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/** The files API as one user sees it (HTTP Basic), for tests: the chores, each asserting it worked. */
final class FilesClient {
    final Api api;
    final TestUser user;

    FilesClient(Api api, TestUser user) {
        this.api = api;
        this.user = user;
    }

    /** A fresh user with an optional quota in bytes (null = unlimited). */
    static FilesClient newUser(Api api, String prefix, Long quotaBytes) {
        TestUser u = quotaBytes == null ? api.newUser(prefix) : api.newUser(prefix, "quotaBytes", quotaBytes);
        return new FilesClient(api, u);
    }

    Api.Req as(Api.Req r) {
        return r.basic(user);
    }

    long rootId() {
        return as(api.get("/api/files/root")).send().expect(200).num("id");
    }

    long mkdir(long parent, String name) {
        return as(api.post("/api/files/" + parent + "/folders"))
                .json(MiniJson.obj("name", name))
                .send()
                .expect(201)
                .num("id");
    }

    /** PUT /api/files/{parent}/children/{name}?conflict=…; returns the response (not asserted). */
    Res upload(long parent, String name, byte[] data, String conflict) {
        String path = "/api/files/" + parent + "/children/" + encode(name)
                + (conflict == null ? "" : "?conflict=" + conflict);
        return as(api.put(path)).bytes("application/octet-stream", data).send();
    }

    long uploadOk(long parent, String name, byte[] data) {
        return upload(parent, name, data, null).expect(201).num("id");
    }

    Res node(long id) {
        return as(api.get("/api/files/" + id)).send();
    }

    byte[] download(long id) {
        return as(api.get("/api/files/" + id + "/content"))
                .sendForBytes()
                .expect(200)
                .body();
    }

    /** Every entry of a folder, following the cursor. */
    List<Object> list(long folder, String query) {
        List<Object> all = new ArrayList<>();
        String cursor = null;
        do {
            String q = "/api/files/" + folder + "/children?limit=1000" + (query == null ? "" : "&" + query)
                    + (cursor == null ? "" : "&cursor=" + cursor);
            Res page = as(api.get(q)).send().expect(200);
            all.addAll(page.list("entries"));
            cursor = page.str("next");
        } while (cursor != null);
        return all;
    }

    List<String> names(long folder) {
        return list(folder, null).stream()
                .map(e -> (String) MiniJson.at(e, "name"))
                .toList();
    }

    /** DELETE /api/files/{id}: into the trash. */
    void trash(long id) {
        as(api.delete("/api/files/" + id)).send().expect(204);
    }

    /** DELETE /api/trash/{id}: gone for good. */
    void purge(long id) {
        as(api.delete("/api/trash/" + id)).send().expect(204);
    }

    /** The nodes in the trash (the "node" of each entry), all pages. */
    List<Object> trashed() {
        List<Object> all = new ArrayList<>();
        String after = null;
        do {
            Res page = as(api.get("/api/trash?limit=200" + (after == null ? "" : "&after=" + after)))
                    .send()
                    .expect(200);
            page.list("items").forEach(i -> all.add(MiniJson.at(i, "node")));
            after = page.str("next");
        } while (after != null);
        return all;
    }

    /** Every file beneath a folder, subfolders included (not the trash). */
    List<Object> filesBeneath(long folder) {
        List<Object> files = new ArrayList<>();
        for (Object e : list(folder, null)) {
            if ("folder".equals(MiniJson.at(e, "type"))) {
                files.addAll(filesBeneath(num(e, "id")));
            } else {
                files.add(e);
            }
        }
        return files;
    }

    static long num(Object json, String path) {
        return ((java.math.BigDecimal) MiniJson.at(json, path)).longValueExact();
    }

    static String str(Object json, String path) {
        return (String) MiniJson.at(json, path);
    }

    Res usage() {
        return as(api.get("/api/usage")).send().expect(200);
    }

    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
