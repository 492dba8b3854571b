package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Bodies.Trickle;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * kill -9 of the server in the middle of uploads, then a restart on the same data directory: no partial file is
 * ever visible, finished files are intact, the quota usage matches what is stored, the unfinished writes and any
 * unreferenced content are cleaned up, and a resumable upload carries on from the bytes it had.
 */
@ExtendWith(ServerLogs.class)
class CrashRecoveryIT {
    static final int MIB = 1 << 20;
    /** What each slow upload has sent before the crash, at least. */
    static final int SEEN = 64 * 1024;

    /** After the restart: maintenance every 2 s, unreferenced content collected at once, crash leftovers quickly. */
    static final Map<String, String> AFTER_RESTART = Map.of(
            "NUBO_MAINTENANCE_INTERVAL", "PT2S",
            "NUBO_BLOBS_GC_GRACE", "PT0S",
            // not PT0S: a write in progress must not count as abandoned; crash leftovers are older than a start-up
            "NUBO_BLOBS_ABANDONED_AFTER", "PT10S");

    @Test
    void aKilledServerRestartsWithCompleteFilesOnlyAndNothingLeftOver() throws Exception {
        NuboProcess first = NuboProcess.startHealthy("crash-1", Map.of());
        NuboProcess second = null;
        ExecutorService slowPool = Executors.newCachedThreadPool();
        List<Trickle> trickles = new ArrayList<>();
        try {
            Api api1 = first.api();
            FilesClient u1 = FilesClient.newUser(api1, "crash", null);
            long root = u1.rootId();
            long sub = u1.mkdir(root, "sub");

            // ---- finished before the crash ----
            Map<String, byte[]> done = new LinkedHashMap<>(); // path -> content
            byte[] a = FilesClient.random(300_000, 1);
            byte[] b1 = FilesClient.random(MIB, 2);
            byte[] b2 = FilesClient.random(700_000, 3);
            byte[] e = FilesClient.random(123_457, 4);
            byte[] gone = FilesClient.random(200_000, 5);
            u1.uploadOk(root, "a.bin", a);
            long bId = u1.uploadOk(root, "b.bin", b1);
            u1.as(api1.put("/api/files/" + bId + "/content"))
                    .bytes("application/octet-stream", b2)
                    .send()
                    .expect(200); // b1 is now referenced by nothing
            u1.uploadOk(root, "c.bin", a); // the same content as a.bin: one blob
            u1.uploadOk(root, "d.txt", "plain text\n".getBytes(StandardCharsets.UTF_8));
            u1.uploadOk(sub, "e.bin", e);
            long trashedId = u1.uploadOk(root, "trashed.bin", gone);
            u1.trash(trashedId);
            done.put("/a.bin", a);
            done.put("/b.bin", b2);
            done.put("/c.bin", a);
            done.put("/d.txt", "plain text\n".getBytes(StandardCharsets.UTF_8));
            done.put("/sub/e.bin", e);

            // ---- resumable uploads: A has one acknowledged chunk; B one acknowledged and one in flight ----
            byte[] contentA = FilesClient.random(3 * MIB, 6);
            byte[] contentB = FilesClient.random(2 * MIB, 7);
            String sessionA = createSession(u1, root, "resumable-a.bin", contentA);
            String sessionB = createSession(u1, root, "resumable-b.bin", contentB);
            patch(u1, sessionA, contentA, 0, MIB).expect(204);
            patch(u1, sessionB, contentB, 0, MIB).expect(204);

            HttpClient slowClient = HttpClient.newBuilder()
                    .executor(slowPool)
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();
            List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
            byte[] slowData = FilesClient.random(8 * MIB, 8);
            for (int i = 0; i < 4; i++) {
                Trickle t = trickle(trickles, slowData, 0, 16 * 1024);
                inFlight.add(send(
                        slowClient,
                        u1,
                        "PUT",
                        "/api/files/" + root + "/children/slow-" + i + ".bin",
                        Bodies.fixedLength(slowData.length, () -> t),
                        Map.of()));
            }
            Trickle chunked = trickle(trickles, slowData, 0, 16 * 1024);
            inFlight.add(send(
                    slowClient,
                    u1,
                    "PUT",
                    "/api/files/" + root + "/children/slow-chunked.bin",
                    BodyPublishers.ofInputStream(() -> chunked),
                    Map.of()));
            Trickle replacing = trickle(trickles, slowData, 0, 16 * 1024);
            inFlight.add(send(
                    slowClient,
                    u1,
                    "PUT",
                    "/api/files/" + bId + "/content",
                    Bodies.fixedLength(slowData.length, () -> replacing),
                    Map.of()));
            Trickle chunkB = trickle(trickles, contentB, MIB, 4 * 1024);
            inFlight.add(send(
                    slowClient,
                    u1,
                    "PATCH",
                    "/api/uploads/" + sessionB,
                    Bodies.fixedLength(MIB, () -> chunkB),
                    Map.of("Upload-Offset", String.valueOf(MIB))));

            BlobDisk disk = new BlobDisk(first.dataDir);
            Path scratchB = first.dataDir.resolve("blobs").resolve("uploads").resolve(sessionB + ".upload");
            BlobDisk.await(
                    Duration.ofSeconds(20),
                    "six unfinished writes of at least " + SEEN + " bytes each on disk",
                    () -> disk.parts().stream().map(BlobDisk::size).toList(),
                    sizes -> sizes.size() == 6 && sizes.stream().allMatch(s -> s >= SEEN));
            BlobDisk.await(
                    Duration.ofSeconds(20),
                    "part of the in-flight chunk of upload B on disk",
                    () -> BlobDisk.size(scratchB),
                    s -> s >= MIB + SEEN);
            Set<Long> oldPostgres =
                    first.leftoverPostgres().stream().map(ProcessHandle::pid).collect(Collectors.toSet());

            // ---- the crash ----
            assertThat(first.kill9()).as("the server JVM is gone after SIGKILL").isTrue();
            trickles.forEach(Trickle::stop);
            // what the dead server wrote is final now
            long offsetB = BlobDisk.size(scratchB);
            assertThat(offsetB).as("upload B on disk after the crash").isBetween(MIB + (long) SEEN, 2L * MIB - 1);
            assertThat(disk.parts()).as("unfinished writes the crash left").hasSize(6);
            for (CompletableFuture<HttpResponse<String>> f : inFlight) {
                Optional<HttpResponse<String>> r = outcome(f);
                assertThat(r.map(HttpResponse::statusCode).orElse(0) / 100)
                        .as("an unfinished upload got no success answer: %s", r.map(HttpResponse::body))
                        .isNotEqualTo(2);
            }

            // ---- the restart ----
            second = NuboProcess.start("crash-2", first.home, first.dataDir, AFTER_RESTART);
            second.awaitHealthy();
            for (long pid : oldPostgres) {
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                        .as("the PostgreSQL orphaned by the crash (pid %d) was stopped by the restart", pid)
                        .isFalse();
            }
            FilesClient u = new FilesClient(second.api(), u1.user);

            Map<String, Object> listed = filesByPath(u, root, "");
            assertThat(listed.keySet())
                    .as("files after the restart: the finished ones, no partial one")
                    .containsExactlyInAnyOrderElementsOf(done.keySet());
            for (Map.Entry<String, Object> f : listed.entrySet()) {
                String sha = FilesClient.sha256(done.get(f.getKey()));
                long id = FilesClient.num(f.getValue(), "id");
                assertThat(FilesClient.str(f.getValue(), "sha256"))
                        .as("sha256 of %s", f.getKey())
                        .isEqualTo(sha);
                assertThat(FilesClient.num(f.getValue(), "size"))
                        .as("size of %s", f.getKey())
                        .isEqualTo((long) done.get(f.getKey()).length);
                assertThat(FilesClient.sha256(u.download(id)))
                        .as("downloaded content of %s", f.getKey())
                        .isEqualTo(sha);
            }
            List<Object> trash = u.trashed();
            assertThat(trash).as("the trash").hasSize(1);
            assertThat(FilesClient.str(trash.get(0), "sha256")).isEqualTo(FilesClient.sha256(gone));

            long listedBytes = listed.values().stream()
                    .mapToLong(f -> FilesClient.num(f, "size"))
                    .sum();
            long trashBytes =
                    trash.stream().mapToLong(f -> FilesClient.num(f, "size")).sum();
            Res usage = u.usage();
            assertThat(usage.num("usedBytes"))
                    .as("usedBytes vs. the files (%d) and the trash (%d)", listedBytes, trashBytes)
                    .isEqualTo(listedBytes + trashBytes);
            assertThat(usage.num("trashBytes")).isEqualTo(trashBytes);
            assertThat(usage.num("files")).isEqualTo((long) done.size());

            Set<String> referenced = new TreeSet<>();
            listed.values().forEach(f -> referenced.add(FilesClient.str(f, "sha256")));
            trash.forEach(f -> referenced.add(FilesClient.str(f, "sha256")));
            BlobDisk disk2 = new BlobDisk(second.dataDir);
            BlobDisk.await(
                    Duration.ofSeconds(30), "no unfinished writes left in " + disk2.temp, disk2::parts, List::isEmpty);
            BlobDisk.await(
                    Duration.ofSeconds(30),
                    "the content files on disk are exactly those of the files and the trash " + referenced,
                    disk2::hashes,
                    referenced::equals);
            assertThat(disk2.has(FilesClient.sha256(b1)))
                    .as("the replaced content of b.bin is collected")
                    .isFalse();

            // ---- the resumable uploads carry on ----
            Res headA = u.as(u.api.head("/api/uploads/" + sessionA)).send().expect(200);
            assertThat(headA.header("Upload-Offset"))
                    .as("offset of A after the crash")
                    .isEqualTo(String.valueOf(MIB));
            assertThat(headA.header("Upload-Length")).isEqualTo(String.valueOf(3 * MIB));
            Res headB = u.as(u.api.head("/api/uploads/" + sessionB)).send().expect(200);
            assertThat(headB.header("Upload-Offset"))
                    .as("offset of B: the acknowledged chunk and what arrived of the next")
                    .isEqualTo(String.valueOf(offsetB));
            patch(u, sessionA, contentA, MIB, 3 * MIB).expect(204);
            patch(u, sessionB, contentB, (int) offsetB, 2 * MIB).expect(204);
            for (Map.Entry<String, byte[]> s :
                    Map.of(sessionA, contentA, sessionB, contentB).entrySet()) {
                Res completed = u.as(u.api.post("/api/uploads/" + s.getKey() + "/complete"))
                        .send()
                        .expect(201);
                String sha = FilesClient.sha256(s.getValue());
                assertThat(completed.str("sha256")).isEqualTo(sha);
                assertThat(completed.num("size")).isEqualTo((long) s.getValue().length);
                assertThat(FilesClient.sha256(u.download(completed.num("id"))))
                        .as("content of %s", completed.str("name"))
                        .isEqualTo(sha);
                referenced.add(sha);
            }
            assertThat(new HashSet<>(u.names(root))).contains("resumable-a.bin", "resumable-b.bin");
            assertThat(u.usage().num("usedBytes"))
                    .isEqualTo(listedBytes + trashBytes + contentA.length + (long) contentB.length);
            assertThat(disk2.hashes()).as("content files after completing").isEqualTo(referenced);
            assertThat(disk2.parts()).isEmpty();
        } finally {
            trickles.forEach(Trickle::stop);
            slowPool.shutdownNow();
            if (second != null) {
                second.stop();
            }
            first.stop();
            int left = first.stopLeftoverPostgres();
            if (left > 0) {
                System.err.println("[nubo-it] stopped " + left + " PostgreSQL left on " + first.dataDir);
            }
        }
    }

    /** A slow body: {@code step} bytes every 250 ms (at most 64 KiB/s, so 8 MiB take minutes). */
    private static Trickle trickle(List<Trickle> all, byte[] data, int from, int step) {
        Trickle t = new Trickle(data, from, step, Duration.ofMillis(250));
        all.add(t);
        return t;
    }

    private static String createSession(FilesClient u, long parent, String name, byte[] content) {
        return u.as(u.api.post("/api/uploads"))
                .json(MiniJson.obj(
                        "parentId",
                        parent,
                        "name",
                        name,
                        "size",
                        content.length,
                        "sha256",
                        FilesClient.sha256(content)))
                .send()
                .expect(201)
                .str("id");
    }

    private static Res patch(FilesClient u, String session, byte[] content, int from, int to) {
        return u.as(u.api.patch("/api/uploads/" + session))
                .header("Upload-Offset", String.valueOf(from))
                .bytes("application/offset+octet-stream", Arrays.copyOfRange(content, from, to))
                .send();
    }

    private static CompletableFuture<HttpResponse<String>> send(
            HttpClient client, FilesClient u, String method, String path, BodyPublisher body, Map<String, String> h) {
        HttpRequest.Builder r = HttpRequest.newBuilder(u.api.base.resolve(path))
                .timeout(Duration.ofMinutes(2))
                .header("Authorization", Api.basicHeader(u.user.username(), u.user.password()))
                .header("Content-Type", "application/octet-stream")
                .method(method, body);
        h.forEach(r::header);
        return client.sendAsync(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The response, or empty when the request failed (the server died under it); within 30 s. */
    private static Optional<HttpResponse<String>> outcome(CompletableFuture<HttpResponse<String>> f) {
        try {
            return Optional.of(f.get(30, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException e) {
            return Optional.empty();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("an upload to the killed server neither failed nor finished within 30 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The files beneath a folder by path ("/sub/e.bin"). */
    private static Map<String, Object> filesByPath(FilesClient u, long folder, String prefix) {
        Map<String, Object> files = new HashMap<>();
        for (Object e : u.list(folder, null)) {
            String path = prefix + "/" + FilesClient.str(e, "name");
            if ("folder".equals(FilesClient.str(e, "type"))) {
                files.putAll(filesByPath(u, FilesClient.num(e, "id"), path));
            } else {
                files.put(path, e);
            }
        }
        return files;
    }
}
