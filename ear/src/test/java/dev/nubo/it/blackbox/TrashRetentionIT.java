package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * NUBO_TRASH_RETENTION_DAYS=0: the maintenance timer purges trashed files at its next round; the bytes go back to
 * the quota, and the content file goes from disk once no file refers to it any more — content another file still
 * uses stays.
 */
@ExtendWith(ServerLogs.class)
class TrashRetentionIT {
    static final Map<String, String> SETTINGS = Map.of(
            "NUBO_TRASH_RETENTION_DAYS", "0",
            "NUBO_MAINTENANCE_INTERVAL", "PT2S",
            "NUBO_BLOBS_GC_GRACE", "PT0S");
    static final Duration BOUND = Duration.ofSeconds(30);

    static NuboProcess server;

    @BeforeAll
    static void start() {
        server = NuboProcess.startHealthy("trash-retention", SETTINGS);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void trashedFilesArePurgedAndTheirOnlyContentIsDeletedButSharedContentStays() {
        FilesClient u = FilesClient.newUser(server.api(), "retention", 10_000_000L);
        BlobDisk disk = new BlobDisk(server.dataDir);
        long root = u.rootId();
        long folder = u.mkdir(root, "docs");
        byte[] only = FilesClient.random(150_000, 11);
        byte[] shared = FilesClient.random(90_000, 12);
        byte[] kept = FilesClient.random(40_000, 13);
        long onlyId = u.uploadOk(folder, "only.bin", only);
        long sharedTrashed = u.uploadOk(folder, "shared-1.bin", shared);
        long sharedKept = u.uploadOk(root, "shared-2.bin", shared); // the same content: one blob, two files
        long keptId = u.uploadOk(root, "kept.bin", kept);
        String onlyHash = FilesClient.sha256(only);
        String sharedHash = FilesClient.sha256(shared);
        String keptHash = FilesClient.sha256(kept);
        assertThat(disk.has(onlyHash)).isTrue();
        assertThat(disk.has(sharedHash)).isTrue();
        long before = u.usage().num("usedBytes");
        assertThat(before).isEqualTo((long) only.length + 2L * shared.length + kept.length);

        u.trash(onlyId);
        u.trash(sharedTrashed);
        // the 2 s timer may purge either file at any moment from here on, so only the possible states are checked
        // (the exact trash accounting without a timer is FilesApiIT's)
        assertThat(u.usage().num("trashBytes"))
                .as("trashed bytes count until purged")
                .isIn(0L, (long) only.length, (long) shared.length, (long) only.length + shared.length);

        BlobDisk.await(BOUND, "the trash purged", () -> u.trashed().size(), n -> n == 0);
        Api.Res usage = u.usage();
        assertThat(usage.num("usedBytes")).as("usage after the purge").isEqualTo(before - only.length - shared.length);
        assertThat(usage.num("trashBytes")).isZero();
        assertThat(usage.num("files")).isEqualTo(2L);
        u.node(onlyId).expectError(404, "not_found");
        u.node(sharedTrashed).expectError(404, "not_found");

        BlobDisk.await(
                BOUND, "the content only the purged file had deleted from disk", () -> disk.has(onlyHash), h -> !h);
        // two more rounds of maintenance must leave the shared content alone
        NuboProcess.sleep(Duration.ofSeconds(5));
        assertThat(disk.has(sharedHash))
                .as("content still used by shared-2.bin")
                .isTrue();
        assertThat(disk.has(keptHash)).isTrue();
        assertThat(FilesClient.sha256(u.download(sharedKept))).isEqualTo(sharedHash);
        assertThat(FilesClient.sha256(u.download(keptId))).isEqualTo(keptHash);
        assertThat(u.names(root)).containsExactlyInAnyOrder("docs", "shared-2.bin", "kept.bin");
        assertThat(u.names(folder)).isEmpty();

        // once its last file is purged too, the shared content goes as well
        u.trash(sharedKept);
        BlobDisk.await(BOUND, "the trash purged again", () -> u.trashed().size(), n -> n == 0);
        BlobDisk.await(BOUND, "the shared content deleted with its last file", () -> disk.has(sharedHash), h -> !h);
        assertThat(u.usage().num("usedBytes")).isEqualTo((long) kept.length);
        assertThat(disk.has(keptHash)).isTrue();
        List<Object> left = u.filesBeneath(root);
        assertThat(left).hasSize(1);
    }
}
