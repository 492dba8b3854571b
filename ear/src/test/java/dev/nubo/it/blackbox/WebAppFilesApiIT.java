package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the web app needs of the files API: breadcrumbs (GET /api/files/{id}/ancestors), completing a resumable
 * upload again with the user's choice after 409 name_taken, and file content the app may frame but never run.
 */
@ExtendWith(SharedServer.class)
class WebAppFilesApiIT {
    final Api api = SharedServer.api();

    @Test
    void ancestors_runFromTheRootToTheParent_emptyForTheRoot() {
        FilesClient f = FilesClient.newUser(api, "crumbs", null);
        long root = f.rootId();
        long a = f.mkdir(root, "Docs");
        long b = f.mkdir(a, "2026 été");
        long file = f.uploadOk(b, "report.pdf", new byte[] {1, 2, 3});

        assertThat(ancestors(f, file))
                .containsExactly(crumb(root, rootName(f)), crumb(a, "Docs"), crumb(b, "2026 été"));
        assertThat(ancestors(f, b)).containsExactly(crumb(root, rootName(f)), crumb(a, "Docs"));
        assertThat(ancestors(f, a)).containsExactly(crumb(root, rootName(f)));
        assertThat(ancestors(f, root)).isEmpty();
    }

    @Test
    void ancestors_ofAnotherUsersItem_orATrashedOne_answer404LikeGet() {
        FilesClient owner = FilesClient.newUser(api, "crumbs-own", null);
        FilesClient other = FilesClient.newUser(api, "crumbs-other", null);
        long folder = owner.mkdir(owner.rootId(), "Private");
        long file = owner.uploadOk(folder, "secret.txt", "s".getBytes(StandardCharsets.UTF_8));

        Res get = other.as(api.get("/api/files/" + file)).send();
        Res crumbs = other.as(api.get("/api/files/" + file + "/ancestors")).send();
        get.expectError(404, "not_found");
        crumbs.expectError(404, "not_found");
        assertThat(crumbs.body()).isEqualTo(get.body());
        other.as(api.get("/api/files/" + owner.rootId() + "/ancestors")).send().expectError(404, "not_found");
        other.as(api.get("/api/files/999999999/ancestors")).send().expectError(404, "not_found");

        owner.trash(folder);
        owner.as(api.get("/api/files/" + file + "/ancestors")).send().expectError(404, "not_found");
        owner.as(api.get("/api/files/abc/ancestors")).send().expect(404);
    }

    @Test
    void completingAgainAfterNameTaken_withKeepBoth_keepsTheBytesAndBothFiles() {
        FilesClient f = FilesClient.newUser(api, "complete-keep", null);
        long root = f.rootId();
        f.uploadOk(root, "notes.txt", "old".getBytes(StandardCharsets.UTF_8));
        byte[] data = FilesClient.random(70_000, 7);
        String at = uploadAll(f, root, "notes.txt", data, null);

        f.as(api.post(at + "/complete")).send().expectError(409, "name_taken");
        assertThat(f.as(api.head(at)).send().expect(200).header("Upload-Offset"))
                .as("the bytes stay for another attempt")
                .isEqualTo("70000");
        f.as(api.post(at + "/complete")).json("{\"conflict\":\"fail\"}").send().expectError(409, "name_taken");
        f.as(api.post(at + "/complete"))
                .json("{\"conflict\":\"sideways\"}")
                .send()
                .expectError(400, "invalid_request");
        f.as(api.post(at + "/complete")).json("{\"conflict\":1}").send().expectError(400, "invalid_request");
        f.as(api.post(at + "/complete")).json("{\"mode\":\"overwrite\"}").send().expectError(400, "invalid_request");
        f.as(api.post(at + "/complete")).json("[1]").send().expectError(400, "malformed_json");
        f.as(api.post(at + "/complete")).json("{").send().expectError(400, "malformed_json");
        assertThat(f.names(root)).as("nothing changed").containsExactly("notes.txt");

        Res done = f.as(api.post(at + "/complete"))
                .json("{\"conflict\":\"keep-both\"}")
                .send()
                .expect(201);
        assertThat(done.str("name")).isEqualTo("notes (1).txt");
        assertThat(done.str("sha256")).isEqualTo(FilesClient.sha256(data));
        assertThat(f.names(root)).containsExactlyInAnyOrder("notes.txt", "notes (1).txt");
        f.as(api.get(at)).send().expectError(404, "not_found");
    }

    @Test
    void completingAgainAfterNameTaken_withOverwrite_replacesTheFile() {
        FilesClient f = FilesClient.newUser(api, "complete-over", null);
        long root = f.rootId();
        long existing = f.uploadOk(root, "photo.jpg", "old".getBytes(StandardCharsets.UTF_8));
        byte[] data = FilesClient.random(5_000, 8);
        String at = uploadAll(f, root, "photo.jpg", data, null);

        f.as(api.post(at + "/complete")).json("{}").send().expectError(409, "name_taken");
        Res done = f.as(api.post(at + "/complete"))
                .json("{\"conflict\":\"overwrite\"}")
                .send()
                .expect(201);
        assertThat(done.num("id")).isEqualTo(existing);
        assertThat(f.download(existing)).isEqualTo(data);
        assertThat(f.names(root)).containsExactly("photo.jpg");
    }

    @Test
    void anOverrideOfFail_refusesWhatTheSessionsModeWouldHaveAllowed_andEmptyBodiesKeepTheSessionsMode() {
        FilesClient f = FilesClient.newUser(api, "complete-fail", null);
        long root = f.rootId();
        f.uploadOk(root, "a.txt", "old".getBytes(StandardCharsets.UTF_8));
        String keep = uploadAll(f, root, "a.txt", "new".getBytes(StandardCharsets.UTF_8), "keep-both");
        f.as(api.post(keep + "/complete"))
                .json("{\"conflict\":\"fail\"}")
                .send()
                .expectError(409, "name_taken");
        f.as(api.post(keep + "/complete")).json("{\"conflict\":null}").send().expect(201);

        long folder = f.mkdir(root, "b.txt");
        String over = uploadAll(f, root, "b.txt", "x".getBytes(StandardCharsets.UTF_8), "overwrite");
        f.as(api.post(over + "/complete")).send().expectError(409, "is_a_folder");
        Res done = f.as(api.post(over + "/complete"))
                .json("{\"conflict\":\"keep-both\"}")
                .send()
                .expect(201);
        assertThat(done.str("name")).isEqualTo("b (1).txt");
        assertThat(f.node(folder).str("node.type")).isEqualTo("folder");
    }

    @Test
    void inlineContent_mayBeFramedByTheApp_butHtmlAndSvgAreSandboxed() {
        FilesClient f = FilesClient.newUser(api, "inline", null);
        long root = f.rootId();
        byte[] page = "<html><script>alert(document.cookie)</script></html>".getBytes(StandardCharsets.UTF_8);
        for (String name : List.of("page.html", "image.svg", "notes.txt", "photo.png")) {
            long id = f.uploadOk(root, name, page);
            Res r = f.as(api.get("/api/files/" + id + "/content?disposition=inline"))
                    .send()
                    .expect(200);
            assertThat(r.header("Content-Security-Policy"))
                    .as(name)
                    .startsWith("sandbox;")
                    .contains("frame-ancestors 'self'");
            assertThat(r.header("X-Frame-Options")).as(name).isEqualTo("SAMEORIGIN");
            assertThat(r.header("X-Content-Type-Options")).as(name).isEqualTo("nosniff");
        }
        long pdf = f.uploadOk(root, "doc.pdf", "%PDF-1.4\n%%EOF\n".getBytes(StandardCharsets.UTF_8));
        Res r = f.as(api.get("/api/files/" + pdf + "/content?disposition=inline"))
                .send()
                .expect(200);
        assertThat(r.header("Content-Type")).startsWith("application/pdf");
        assertThat(r.header("Content-Disposition")).startsWith("inline;");
        assertThat(r.header("Content-Security-Policy"))
                .as("browsers' PDF viewers refuse sandboxed documents")
                .isEqualTo("frame-ancestors 'self'");
        assertThat(r.header("X-Frame-Options")).isEqualTo("SAMEORIGIN");
    }

    /** Creates a resumable upload and sends all its bytes; returns its path. */
    private String uploadAll(FilesClient f, long parent, String name, byte[] data, String conflict) {
        String body = conflict == null
                ? MiniJson.obj("parentId", parent, "name", name, "size", data.length)
                : MiniJson.obj("parentId", parent, "name", name, "size", data.length, "conflict", conflict);
        String at = "/api/uploads/"
                + f.as(api.post("/api/uploads")).json(body).send().expect(201).str("id");
        f.as(api.patch(at))
                .header("Upload-Offset", "0")
                .bytes("application/offset+octet-stream", data)
                .send()
                .expect(204);
        return at;
    }

    private List<Map<String, Object>> ancestors(FilesClient f, long id) {
        List<?> list = f.as(api.get("/api/files/" + id + "/ancestors"))
                .send()
                .expect(200)
                .list("");
        return list.stream()
                .map(o -> Map.<String, Object>of("id", FilesClient.num(o, "id"), "name", FilesClient.str(o, "name")))
                .toList();
    }

    private static Map<String, Object> crumb(long id, String name) {
        return Map.of("id", id, "name", name);
    }

    private String rootName(FilesClient f) {
        return f.as(api.get("/api/files/root")).send().expect(200).str("name");
    }
}
