package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Resumable uploads nobody finishes are removed by the maintenance timer once idle past NUBO_UPLOADS_IDLE_LIMIT,
 * rows and bytes, while a session that keeps receiving chunks stays; in its own server with a 3 s limit.
 */
@ExtendWith(ServerLogs.class)
class UploadCleanupIT {
    static NuboProcess server;
    static Api api;

    @BeforeAll
    static void start() {
        server = NuboProcess.startHealthy(
                "upload-cleanup", Map.of("NUBO_UPLOADS_IDLE_LIMIT", "PT3S", "NUBO_MAINTENANCE_INTERVAL", "PT1S"));
        api = server.api();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void anIdleSessionIsRemoved_anActiveOneStays() {
        FilesClient f = FilesClient.newUser(api, "stale", null);
        long root = f.rootId();
        String idle = create(f, root, "idle.bin");
        String active = create(f, root, "active.bin");
        f.as(api.patch("/api/uploads/" + idle))
                .header("Upload-Offset", "0")
                .bytes("application/octet-stream", new byte[1000])
                .send()
                .expect(204);
        Path idleFile = server.dataDir.resolve("blobs/uploads/" + idle + ".upload");
        assertThat(idleFile).exists().hasSize(1000);

        long offset = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        boolean removed = false;
        while (System.nanoTime() < deadline && !removed) {
            // the active session gets a chunk every half second, well inside the limit
            f.as(api.patch("/api/uploads/" + active))
                    .header("Upload-Offset", String.valueOf(offset))
                    .bytes("application/octet-stream", new byte[10])
                    .send()
                    .expect(204);
            offset += 10;
            NuboProcess.sleep(Duration.ofMillis(500));
            removed = f.as(api.get("/api/uploads/" + idle)).send().status() == 404;
        }
        assertThat(removed).as("the idle session is gone within 30 s").isTrue();
        assertThat(Files.exists(idleFile)).as("its bytes are deleted too").isFalse();
        Res stillThere = f.as(api.get("/api/uploads/" + active)).send().expect(200);
        assertThat(stillThere.num("offset")).isEqualTo(offset);
    }

    @Test
    void anAbandonedNextcloudTransferIsPurged_anActiveOneStays() {
        Api.TestUser u = api.newUser("ncstale");
        String home = "/nextcloud/remote.php/dav/uploads/" + u.username() + "/";
        api.method("MKCOL", home + "abandoned").basic(u).send().expect(201);
        api.put(home + "abandoned/1")
                .basic(u)
                .bytes("application/octet-stream", new byte[1000])
                .send()
                .expect(201);
        api.method("MKCOL", home + "active").basic(u).send().expect(201);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        boolean removed = false;
        int chunk = 0;
        while (System.nanoTime() < deadline && !removed) {
            chunk++;
            api.put(home + "active/" + chunk)
                    .basic(u)
                    .bytes("application/octet-stream", new byte[10])
                    .send()
                    .expect(201);
            NuboProcess.sleep(Duration.ofMillis(500));
            removed = api.method("PROPFIND", home + "abandoned")
                            .basic(u)
                            .header("Depth", "0")
                            .send()
                            .status()
                    == 404;
        }
        assertThat(removed).as("the abandoned transfer is gone within 30 s").isTrue();
        Res active = api.method("PROPFIND", home + "active")
                .basic(u)
                .header("Depth", "1")
                .send()
                .expect(207);
        assertThat(DavXmlDoc.parse(active.body()).responses()).hasSize(chunk + 1);
    }

    private String create(FilesClient f, long root, String name) {
        return f.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", root, "name", name, "size", 1_000_000))
                .send()
                .expect(201)
                .str("id");
    }
}
