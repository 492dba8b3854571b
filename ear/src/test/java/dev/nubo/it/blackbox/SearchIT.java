package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Search over the REST API (issue 7): names with any case or accents and partial words, the text of text files and
 * PDFs, filters, sorts and pages, suggestions; the index follows changes made on every surface (REST, WebDAV) without
 * the request waiting for it; one user never finds another's files; bad parameters answer 400.
 */
@ExtendWith(SharedServer.class)
class SearchIT {
    /** How long the index may take to catch up here: the goal is 2 s, CI machines are slower. */
    static final Duration CATCH_UP = Duration.ofSeconds(20);

    final Api api = SharedServer.api();

    /** The names the search answers, once the predicate holds for them (polled until it does). */
    static List<String> await(FilesClient u, String query, Predicate<List<String>> until) {
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        List<String> names;
        do {
            names = names(u.as(u.api.get("/api/search?" + query)).send().expect(200));
            if (until.test(names)) {
                return names;
            }
            NuboProcess.sleep(Duration.ofMillis(200));
        } while (System.nanoTime() < deadline);
        return names;
    }

    static List<String> names(Res r) {
        List<String> names = new ArrayList<>();
        for (Object item : r.list("items")) {
            names.add((String) MiniJson.at(item, "node.name"));
        }
        return names;
    }

    static String q(String text) {
        return "q=" + FilesClient.encode(text);
    }

    @Test
    void namesMatchWhateverTheCaseAccentsOrPartOfAWord_andContentMatchesInTextAndPdf() {
        FilesClient u = FilesClient.newUser(api, "search", null);
        long root = u.rootId();
        long reports = u.mkdir(root, "Reports");
        u.uploadOk(reports, "Rapport_Final.PDF", pdf("Quarterly zeppelin budget, page one"));
        u.uploadOk(root, "ete-2024.txt", "summer notes".getBytes(StandardCharsets.UTF_8));
        u.uploadOk(root, "été.md", "# Holiday\nwe saw a *narwhal* near the harbour".getBytes(StandardCharsets.UTF_8));
        u.uploadOk(root, "other.txt", "nothing to see".getBytes(StandardCharsets.UTF_8));

        assertThat(await(u, q("rapport"), n -> !n.isEmpty())).containsExactly("Rapport_Final.PDF");
        assertThat(await(u, q("été"), n -> n.size() >= 2)).containsExactlyInAnyOrder("ete-2024.txt", "été.md");
        assertThat(await(u, q("ETE"), n -> n.size() >= 2)).containsExactlyInAnyOrder("ete-2024.txt", "été.md");
        assertThat(await(u, q("fin"), n -> !n.isEmpty())).containsExactly("Rapport_Final.PDF");
        assertThat(await(u, q("zeppelin"), n -> !n.isEmpty()))
                .as("text of a PDF")
                .containsExactly("Rapport_Final.PDF");
        assertThat(await(u, q("narwhal"), n -> !n.isEmpty()))
                .as("text of Markdown")
                .containsExactly("été.md");
        assertThat(await(u, q("zeppelin narwhal"), n -> false))
                .as("every word must match")
                .isEmpty();

        Res hit = u.as(api.get("/api/search?" + q("zeppelin"))).send().expect(200);
        assertThat(hit.num("total")).isEqualTo(1);
        assertThat(MiniJson.at(hit.list("items").get(0), "path")).isEqualTo("/Reports/Rapport_Final.PDF");
        assertThat(MiniJson.at(hit.list("items").get(0), "node.mimeCategory")).isEqualTo("pdf");

        Res suggest = u.as(api.get("/api/search/suggest?q=rap")).send().expect(200);
        assertThat(names(suggest)).first().isEqualTo("Rapport_Final.PDF");
    }

    @Test
    void anotherUsersFilesAreNeverFound_andTheirFoldersAreNotFound() {
        FilesClient alice = FilesClient.newUser(api, "search-a", null);
        FilesClient bob = FilesClient.newUser(api, "search-b", null);
        long aliceFolder = alice.mkdir(alice.rootId(), "Secret plans");
        alice.uploadOk(aliceFolder, "pelican-alpha.txt", "the word is marmalade".getBytes(StandardCharsets.UTF_8));
        bob.uploadOk(bob.rootId(), "pelican-beta.txt", "bob's own".getBytes(StandardCharsets.UTF_8));

        assertThat(await(alice, q("pelican"), n -> !n.isEmpty())).containsExactly("pelican-alpha.txt");
        assertThat(await(bob, q("pelican"), n -> !n.isEmpty())).containsExactly("pelican-beta.txt");
        assertThat(names(bob.as(api.get("/api/search?" + q("marmalade"))).send().expect(200)))
                .isEmpty();
        assertThat(names(bob.as(api.get("/api/search/suggest?q=pelican")).send().expect(200)))
                .containsExactly("pelican-beta.txt");
        bob.as(api.get("/api/search?q=x&folder=" + aliceFolder)).send().expectError(404, "not_found");
        api.get("/api/search?q=pelican").send().expect(401);
    }

    @Test
    void theIndexFollowsRenamesMovesTrashRestoreCopiesAndWebDavWrites() {
        FilesClient u = FilesClient.newUser(api, "search-c", null);
        long root = u.rootId();
        long folder = u.mkdir(root, "Inbox");
        long id = u.uploadOk(folder, "walrus-draft.txt", "text".getBytes(StandardCharsets.UTF_8));
        assertThat(await(u, q("walrus"), n -> !n.isEmpty())).containsExactly("walrus-draft.txt");

        u.as(api.patch("/api/files/" + id))
                .json(MiniJson.obj("name", "octopus-final.txt"))
                .send()
                .expect(200);
        assertThat(await(u, q("octopus"), n -> !n.isEmpty())).containsExactly("octopus-final.txt");
        assertThat(await(u, q("walrus"), List::isEmpty)).isEmpty();

        long archive = u.mkdir(root, "Archive");
        u.as(api.patch("/api/files/" + folder))
                .json(MiniJson.obj("parentId", archive))
                .send()
                .expect(200);
        assertThat(await(u, q("octopus") + "&folder=" + archive, n -> !n.isEmpty()))
                .as("within the folder it was moved into")
                .containsExactly("octopus-final.txt");

        u.as(api.post("/api/files/" + id + "/copy"))
                .json(MiniJson.obj("parentId", root))
                .send()
                .expect(201);
        assertThat(await(u, q("octopus"), n -> n.size() == 2)).hasSize(2);

        u.as(api.delete("/api/files/" + archive)).send().expect(204);
        assertThat(await(u, q("octopus") + "&folder=" + root, n -> n.size() == 1))
                .as("what the trash holds is not found")
                .containsExactly("octopus-final.txt");
        assertThat(await(u, q("inbox"), List::isEmpty)).isEmpty();

        u.as(api.post("/api/trash/" + archive + "/restore")).send().expect(200);
        assertThat(await(u, q("octopus"), n -> n.size() == 2)).hasSize(2);

        Res put = u.as(api.put("/dav/files/" + u.user.username() + "/Archive/Inbox/lobster%20via%20dav.txt"))
                .bytes("text/plain", "mussels".getBytes(StandardCharsets.UTF_8))
                .send();
        assertThat(put.status()).isEqualTo(201);
        assertThat(await(u, q("lobster"), n -> !n.isEmpty())).containsExactly("lobster via dav.txt");
        assertThat(await(u, q("mussels"), n -> !n.isEmpty())).containsExactly("lobster via dav.txt");
    }

    @Test
    void filtersSortsAndPagesAreHonoured() {
        FilesClient u = FilesClient.newUser(api, "search-d", null);
        long root = u.rootId();
        long folder = u.mkdir(root, "kiwi folder");
        for (int i = 0; i < 7; i++) {
            u.uploadOk(root, "kiwi-" + i + ".txt", new byte[100 * (i + 1)]);
        }
        u.uploadOk(folder, "kiwi-photo.png", png());
        assertThat(await(u, q("kiwi"), n -> n.size() == 9)).hasSize(9);

        assertThat(names(u.as(api.get("/api/search?q=kiwi&type=folder")).send().expect(200)))
                .containsExactly("kiwi folder");
        assertThat(names(u.as(api.get("/api/search?q=kiwi&category=image"))
                        .send()
                        .expect(200)))
                .containsExactly("kiwi-photo.png");
        assertThat(names(u.as(api.get("/api/search?q=kiwi&type=file&minSize=300&maxSize=500&sort=size&order=asc"))
                        .send()
                        .expect(200)))
                .containsExactly("kiwi-2.txt", "kiwi-3.txt", "kiwi-4.txt");
        assertThat(names(u.as(api.get("/api/search?q=kiwi&folder=" + folder))
                        .send()
                        .expect(200)))
                .containsExactly("kiwi-photo.png");
        assertThat(names(u.as(api.get("/api/search?category=text&modifiedAfter=2000-01-01&type=file&sort=name"
                                + "&order=desc&limit=2"))
                        .send()
                        .expect(200)))
                .as("filters alone, no words")
                .containsExactly("kiwi-6.txt", "kiwi-5.txt");

        List<String> paged = new ArrayList<>();
        for (int offset = 0; offset < 9; offset += 4) {
            Res page = u.as(api.get("/api/search?q=kiwi&sort=name&order=asc&limit=4&offset=" + offset))
                    .send()
                    .expect(200);
            assertThat(page.num("total")).isEqualTo(9);
            paged.addAll(names(page));
        }
        assertThat(paged).hasSize(9).doesNotHaveDuplicates();
        assertThat(paged.get(0)).isEqualTo("kiwi folder");
    }

    @Test
    void badParametersAnswer400AndAdminsCanRebuild() {
        FilesClient u = FilesClient.newUser(api, "search-e", null);
        for (String bad : List.of(
                "q=a&limit=0",
                "q=a&limit=500",
                "q=a&offset=-1",
                "q=a&sort=bogus",
                "q=a&order=up",
                "q=a&type=link",
                "q=a&category=bogus",
                "q=a&modifiedAfter=yesterday",
                "q=a&minSize=10&maxSize=5",
                "q=" + "x".repeat(201))) {
            u.as(api.get("/api/search?" + bad)).send().expectError(400, "invalid_request");
        }
        u.as(api.get("/api/search/suggest?q=")).send().expectError(400, "invalid_request");
        u.as(api.get("/api/search/suggest?q=a&limit=21")).send().expectError(400, "invalid_request");

        u.uploadOk(u.rootId(), "axolotl.txt", "x".getBytes(StandardCharsets.UTF_8));
        assertThat(await(u, q("axolotl"), n -> !n.isEmpty())).containsExactly("axolotl.txt");
        u.as(api.post("/api/admin/search/rebuild")).send().expect(403);
        Res started = api.asAdmin(api.post("/api/admin/search/rebuild")).send().expect(202);
        assertThat(started.num("documents")).isNotNull();
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        while (Boolean.TRUE.equals(api.asAdmin(api.get("/api/admin/search"))
                        .send()
                        .expect(200)
                        .bool("rebuilding"))
                && System.nanoTime() < deadline) {
            NuboProcess.sleep(Duration.ofMillis(200));
        }
        assertThat(await(u, q("axolotl"), n -> !n.isEmpty()))
                .as("after the rebuild")
                .containsExactly("axolotl.txt");
    }

    /** A one-page PDF whose text is {@code text}, written by hand (no library in the tests). */
    static byte[] pdf(String text) {
        List<String> objects = java.util.Arrays.asList(
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
                        + " /Resources << /Font << /F1 5 0 R >> >> >>",
                null,
                "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
        String stream = "BT /F1 18 Tf 72 700 Td (" + text + ") Tj ET";
        StringBuilder pdf = new StringBuilder("%PDF-1.4\n");
        List<Integer> offsets = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            offsets.add(pdf.length());
            String body = objects.get(i) != null
                    ? objects.get(i)
                    : "<< /Length " + stream.length() + " >>\nstream\n" + stream + "\nendstream";
            pdf.append(i + 1).append(" 0 obj\n").append(body).append("\nendobj\n");
        }
        int xref = pdf.length();
        pdf.append("xref\n0 ").append(objects.size() + 1).append("\n0000000000 65535 f \n");
        for (int off : offsets) {
            pdf.append(String.format("%010d 00000 n \n", off));
        }
        pdf.append("trailer\n<< /Size ")
                .append(objects.size() + 1)
                .append(" /Root 1 0 R >>\nstartxref\n")
                .append(xref)
                .append("\n%%EOF\n");
        return pdf.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** A small PNG made with the JDK's ImageIO. */
    static byte[] png() {
        try {
            java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(40, 30, 2);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            javax.imageio.ImageIO.write(img, "png", out);
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
