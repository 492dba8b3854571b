package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Concurrent uploads into one folder of one user: the quota is never overshot however the uploads interleave, a
 * refused upload is 507 quota_exceeded and leaves nothing behind, every accepted one is there with its bytes, and
 * keep-both hands out each free name exactly once.
 */
@ExtendWith(SharedServer.class)
class QuotaConcurrencyIT {
    static final int THREADS = 16;
    static final int PER_THREAD = 4;
    static final int SIZE = 100_000;
    static final int FITS = 10;
    static final long QUOTA = FITS * (long) SIZE + 5_000;

    final Api api = SharedServer.api();

    /** One upload as sent and as answered. */
    record Attempt(String name, byte[] data, Res response) {}

    @Test
    void concurrentUploadsNeverOvershootTheQuotaAndEveryAcceptedOneIsComplete() throws Exception {
        FilesClient user = FilesClient.newUser(api, "quota-race", QUOTA);
        long folder = user.mkdir(user.rootId(), "race");

        List<Attempt> attempts = Race.run(THREADS, java.time.Duration.ofMinutes(2), t -> {
            List<Attempt> mine = new ArrayList<>();
            for (int i = 0; i < PER_THREAD; i++) {
                // even uploads collide by name across threads (keep-both), odd ones are distinct
                String name = i % 2 == 0 ? "shared-" + i + ".bin" : "t" + t + "-" + i + ".bin";
                byte[] data = FilesClient.random(SIZE, 1_000L * t + i);
                mine.add(new Attempt(name, data, user.upload(folder, name, data, "keep-both")));
            }
            return mine;
        });

        List<Attempt> accepted = new ArrayList<>();
        for (Attempt a : attempts) {
            if (a.response().status() == 201) {
                accepted.add(a);
            } else {
                a.response().expectError(507, "quota_exceeded");
            }
        }
        assertThat(new BlobDisk(SharedServer.server().dataDir).parts())
                .as("unfinished writes left by the refused uploads (each was answered after cleaning up)")
                .isEmpty();
        Res usage = user.usage();
        assertThat(usage.num("quotaBytes")).isEqualTo(QUOTA);
        assertThat(usage.num("usedBytes"))
                .as("usage after the race; it must never pass the quota")
                .isLessThanOrEqualTo(QUOTA);
        assertThat(accepted.size() * (long) SIZE).as("bytes accepted with 201").isLessThanOrEqualTo(QUOTA);
        assertThat(accepted)
                .as("uploads accepted: refusals happen only once %d files are stored, so exactly that many fit", FITS)
                .hasSize(FITS);

        List<Object> listing = user.list(folder, null);
        List<String> names =
                listing.stream().map(e -> FilesClient.str(e, "name")).toList();
        assertThat(names).as("names in the folder").doesNotHaveDuplicates();
        assertThat(listing).as("files listed vs. uploads answered 201").hasSize(accepted.size());
        Map<Long, Object> byId = new HashMap<>();
        listing.forEach(e -> byId.put(FilesClient.num(e, "id"), e));
        long listedBytes =
                listing.stream().mapToLong(e -> FilesClient.num(e, "size")).sum();
        assertThat(usage.num("usedBytes")).as("usedBytes vs. the listed sizes").isEqualTo(listedBytes);
        assertThat(usage.num("files")).isEqualTo((long) accepted.size());

        Set<String> acceptedNames = new HashSet<>();
        for (Attempt a : accepted) {
            long id = a.response().num("id");
            String sha = FilesClient.sha256(a.data());
            assertThat(a.response().str("sha256"))
                    .as("sha256 answered for %s", a.name())
                    .isEqualTo(sha);
            assertThat(a.response().num("size")).isEqualTo((long) SIZE);
            Object listed = byId.get(id);
            assertThat(listed)
                    .as("file %s (id %d) in the listing %s", a.name(), id, names)
                    .isNotNull();
            assertThat(FilesClient.str(listed, "name")).isEqualTo(a.response().str("name"));
            assertThat(FilesClient.str(listed, "sha256")).isEqualTo(sha);
            assertThat(FilesClient.sha256(user.download(id)))
                    .as("downloaded content of %s", a.response().str("name"))
                    .isEqualTo(sha);
            acceptedNames.add(a.response().str("name"));
        }
        assertThat(acceptedNames).as("names answered with 201").hasSize(accepted.size());

        // what is left over is really free: one more upload of exactly the remaining room still fits
        long free = QUOTA - usage.num("usedBytes");
        assertThat(usage.num("freeBytes")).isEqualTo(free);
        user.upload(folder, "rest.bin", FilesClient.random((int) free, 99), "fail")
                .expect(201);
        user.upload(folder, "one-byte-more.bin", new byte[] {1}, "fail").expectError(507, "quota_exceeded");
        assertThat(user.usage().num("usedBytes")).isEqualTo(QUOTA);
    }

    @Test
    void keepBothGivesEachConcurrentUploadOfOneNameItsOwnName() throws Exception {
        FilesClient user = FilesClient.newUser(api, "keep-both-race", null);
        long folder = user.mkdir(user.rootId(), "same-name");

        List<Attempt> attempts = Race.run(THREADS, java.time.Duration.ofMinutes(2), t -> {
            byte[] data = FilesClient.random(20_000 + t, 7_000L + t);
            return List.of(new Attempt("x.bin", data, user.upload(folder, "x.bin", data, "keep-both")));
        });

        Set<String> expected = new HashSet<>();
        expected.add("x.bin");
        IntStream.range(1, THREADS).forEach(n -> expected.add("x (" + n + ").bin"));
        Map<String, Attempt> byName = new HashMap<>();
        for (Attempt a : attempts) {
            a.response().expect(201);
            Attempt before = byName.put(a.response().str("name"), a);
            assertThat(before)
                    .as("name %s handed out twice", a.response().str("name"))
                    .isNull();
        }
        assertThat(byName.keySet()).as("names answered").isEqualTo(expected);

        List<Object> listing = user.list(folder, null);
        assertThat(listing.stream().map(e -> FilesClient.str(e, "name")).toList())
                .as("names listed")
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(expected);
        for (Object e : listing) {
            Attempt a = byName.get(FilesClient.str(e, "name"));
            assertThat(FilesClient.num(e, "id")).isEqualTo(a.response().num("id"));
            assertThat(FilesClient.sha256(user.download(FilesClient.num(e, "id"))))
                    .as("content of %s", FilesClient.str(e, "name"))
                    .isEqualTo(FilesClient.sha256(a.data()));
        }
        assertThat(user.usage().num("usedBytes"))
                .isEqualTo(attempts.stream().mapToLong(a -> a.data().length).sum());
    }
}
