package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Bodies.Generated;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A server whose launcher gives it a 256 MiB heap (NUBO_HEAP=256m, with the launcher's direct-buffer limit) takes
 * big uploads through every surface and gives them back byte for byte: 2 GiB as one REST PUT, a REST resumable
 * upload in 64 MiB chunks, 600 MiB as one WebDAV PUT and 600 MiB through Nextcloud's chunking v2. Bodies are
 * streamed, never held. The content is generated while it is sent and hashed on both ends, so the test holds no
 * big buffer either. (The resident memory during 4 GiB uploads is measured in perf/uploads.)
 */
@ExtendWith(ServerLogs.class)
class LargeUploadIT {
    static final long GIB = 1L << 30;
    static final long MIB = 1L << 20;
    static final Duration TRANSFER = Duration.ofMinutes(10);

    static NuboProcess server;

    @BeforeAll
    static void start() {
        // content nothing refers to is deleted at once, so the 2 GiB leave the disk as soon as they are purged
        server = NuboProcess.startHealthy(
                "large-upload",
                Map.of("NUBO_MAINTENANCE_INTERVAL", "PT2S", "NUBO_BLOBS_GC_GRACE", "PT0S", "NUBO_HEAP", "256m"),
                List.of());
        assertThat(server.output()).contains("server JVM with a 256 MiB heap");
    }

    @AfterAll
    static void stopAndFreeTheDisk() throws IOException {
        if (server == null) {
            return;
        }
        server.stop();
        if (server.leftoverPostgres().isEmpty()) {
            try (Stream<Path> files = Files.walk(server.dataDir.resolve("blobs"))) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void twoGibibytesThroughA256MibHeap() {
        FilesClient u = FilesClient.newUser(server.api(), "big", null);
        long root = u.rootId();
        long size = 2 * GIB + 1;

        MessageDigest sent = Bodies.digest();
        long t0 = System.nanoTime();
        Res created = u.as(u.api.put("/api/files/" + root + "/children/big.bin"))
                .timeout(TRANSFER)
                .body(
                        "application/octet-stream",
                        Bodies.fixedLength(size, () -> new DigestInputStream(new Generated(0, size), sent)))
                .send();
        long uploadMs = (System.nanoTime() - t0) / 1_000_000;
        created.expect(201);
        String sha = HexFormat.of().formatHex(sent.digest());
        assertThat(created.num("size")).isEqualTo(size);
        assertThat(created.str("sha256"))
                .as("the server's SHA-256 of what it stored")
                .isEqualTo(sha);
        assertThat(u.usage().num("usedBytes")).isEqualTo(size);

        long t1 = System.nanoTime();
        long id = created.num("id");
        Download d = download(u, id);
        long downloadMs = (System.nanoTime() - t1) / 1_000_000;
        assertThat(d.length()).as("bytes downloaded").isEqualTo(size);
        assertThat(d.sha256()).as("SHA-256 of the download").isEqualTo(sha);
        System.err.printf("[nubo-it] 2 GiB: upload %d ms, download %d ms%n", uploadMs, downloadMs);

        assertThat(server.isAlive())
                .as("the server survived; %s", server.logHint())
                .isTrue();
        assertThat(server.output()).as("no OutOfMemoryError in the log").doesNotContain("OutOfMemoryError");
        deleteForGood(u, id, sha);
    }

    @Test
    void aResumableUploadIn64MibChunks() {
        FilesClient u = FilesClient.newUser(server.api(), "big-resumable", null);
        long root = u.rootId();
        long size = 300 * MIB + 12_345;
        long chunk = 64 * MIB;
        String sha = Generated.sha256(0, size);

        Res session = u.as(u.api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", root, "name", "chunked.bin", "size", size, "sha256", sha))
                .send()
                .expect(201);
        String id = session.str("id");
        int chunks = 0;
        for (long from = 0; from < size; from += chunk) {
            long start = from;
            long to = Math.min(size, from + chunk);
            Res r = u.as(u.api.patch("/api/uploads/" + id))
                    .timeout(TRANSFER)
                    .header("Upload-Offset", String.valueOf(from))
                    .body(
                            "application/offset+octet-stream",
                            Bodies.fixedLength(to - from, () -> new Generated(start, to)))
                    .send()
                    .expect(204);
            assertThat(r.header("Upload-Offset")).isEqualTo(String.valueOf(to));
            chunks++;
        }
        assertThat(chunks).isEqualTo(5);
        Res head = u.as(u.api.head("/api/uploads/" + id)).send().expect(200);
        assertThat(head.header("Upload-Offset")).isEqualTo(String.valueOf(size));

        Res done = u.as(u.api.post("/api/uploads/" + id + "/complete"))
                .timeout(TRANSFER)
                .send()
                .expect(201);
        assertThat(done.str("name")).isEqualTo("chunked.bin");
        assertThat(done.num("size")).isEqualTo(size);
        assertThat(done.str("sha256")).isEqualTo(sha);
        Download d = download(u, done.num("id"));
        assertThat(d.length()).isEqualTo(size);
        assertThat(d.sha256()).isEqualTo(sha);
        u.as(u.api.head("/api/uploads/" + id)).send().expect(404);
        deleteForGood(u, done.num("id"), sha);
    }

    @Test
    void sixHundredMebibytesAsOneWebDavPut() {
        FilesClient u = FilesClient.newUser(server.api(), "big-dav", null);
        long size = 600 * MIB + 7;
        MessageDigest sent = Bodies.digest();
        u.as(u.api.put("/dav/files/" + u.user.username() + "/dav%20big.bin"))
                .timeout(TRANSFER)
                .body(
                        "application/octet-stream",
                        Bodies.fixedLength(size, () -> new DigestInputStream(new Generated(0, size), sent)))
                .send()
                .expect(201);
        String sha = HexFormat.of().formatHex(sent.digest());
        long id = childId(u, "dav big.bin");
        assertThat(u.node(id).expect(200).num("node.size")).isEqualTo(size);
        Download d = download(u, id);
        assertThat(d.length()).isEqualTo(size);
        assertThat(d.sha256()).as("SHA-256 of the download").isEqualTo(sha);
        assertThat(server.output()).doesNotContain("OutOfMemoryError");
        deleteForGood(u, id, sha);
    }

    @Test
    void sixHundredMebibytesThroughNextcloudChunkingV2() {
        FilesClient u = FilesClient.newUser(server.api(), "big-nc", null);
        long size = 600 * MIB + 11;
        long chunk = 64 * MIB;
        String sha = Generated.sha256(0, size);
        String dav = "/nextcloud/remote.php/dav";
        String transfer = dav + "/uploads/" + u.user.username() + "/big-transfer";
        String dest = server.api()
                .base
                .resolve(dav + "/files/" + u.user.username() + "/nc%20big.bin")
                .toString();
        // what the desktop client (3.x) sends: Destination and OC-Total-Length on every request of the transfer
        u.as(u.api.method("MKCOL", transfer))
                .header("Destination", dest)
                .header("OC-Total-Length", "" + size)
                .send()
                .expect(201);
        int n = 0;
        for (long from = 0; from < size; from += chunk) {
            long start = from;
            long to = Math.min(size, from + chunk);
            u.as(u.api.put(transfer + "/" + String.format("%05d", ++n)))
                    .timeout(TRANSFER)
                    .header("Destination", dest)
                    .header("OC-Total-Length", "" + size)
                    .body("application/octet-stream", Bodies.fixedLength(to - from, () -> new Generated(start, to)))
                    .send()
                    .expect(201);
        }
        assertThat(n).isEqualTo(10);
        Res moved = u.as(u.api.method("MOVE", transfer + "/.file"))
                .timeout(TRANSFER)
                .header("Destination", dest)
                .header("OC-Total-Length", "" + size)
                .header("OC-Checksum", "SHA256:" + sha)
                .send()
                .expect(201);
        assertThat(moved.header("OC-ETag")).isNotBlank();
        long id = childId(u, "nc big.bin");
        Download d = download(u, id);
        assertThat(d.length()).isEqualTo(size);
        assertThat(d.sha256()).as("SHA-256 of the download").isEqualTo(sha);
        assertThat(server.output()).doesNotContain("OutOfMemoryError");
        deleteForGood(u, id, sha);
    }

    private static long childId(FilesClient u, String name) {
        return u.list(u.rootId(), null).stream()
                .filter(e -> name.equals(MiniJson.at(e, "name")))
                .mapToLong(e -> FilesClient.num(e, "id"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not among " + u.names(u.rootId())));
    }

    record Download(long length, String sha256) {}

    /** Streams a file's content through SHA-256, never holding it. */
    private static Download download(FilesClient u, long id) {
        HttpResponse<InputStream> r = u.as(u.api.get("/api/files/" + id + "/content"))
                .timeout(TRANSFER)
                .sendWith(HttpResponse.BodyHandlers.ofInputStream());
        MessageDigest md = Bodies.digest();
        long n = 0;
        try (InputStream in = r.body()) {
            if (r.statusCode() != 200) {
                throw new AssertionError("download answered " + r.statusCode() + ": "
                        + new String(in.readNBytes(2000), StandardCharsets.UTF_8));
            }
            byte[] buffer = new byte[1 << 20];
            int k;
            while ((k = in.read(buffer)) > 0) {
                md.update(buffer, 0, k);
                n += k;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("download of " + id + " broke off after " + n + " bytes", e);
        }
        return new Download(n, HexFormat.of().formatHex(md.digest()));
    }

    /** Trash and purge: the quota usage goes back to zero and the content file leaves the disk. */
    private static void deleteForGood(FilesClient u, long id, String sha) {
        BlobDisk disk = new BlobDisk(server.dataDir);
        assertThat(disk.has(sha)).as("the content file on disk").isTrue();
        assertThat(BlobDisk.size(disk.blob(sha)))
                .isEqualTo(u.node(id).expect(200).num("node.size"));
        u.trash(id);
        u.purge(id);
        assertThat(u.usage().num("usedBytes")).isZero();
        assertThat(u.trashed()).isEmpty();
        BlobDisk.await(Duration.ofSeconds(60), "the purged content deleted from disk", () -> disk.has(sha), h -> !h);
    }
}
