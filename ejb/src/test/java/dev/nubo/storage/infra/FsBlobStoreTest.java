package dev.nubo.storage.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.storage.api.BlobTooLargeException;
import dev.nubo.storage.api.ChecksumMismatchException;
import dev.nubo.storage.api.ContentHash;
import dev.nubo.storage.api.StagedBlob;
import dev.nubo.storage.api.StoredBlob;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FsBlobStoreTest {
    @TempDir
    Path root;

    FsBlobStore store;

    @BeforeEach
    void setUp() throws IOException {
        store = new FsBlobStore(root);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static ContentHash sha256(byte[] content) throws Exception {
        return new ContentHash(
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content)));
    }

    static byte[] read(FileChannel channel) throws IOException {
        try (channel) {
            ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {}
            return buffer.array();
        }
    }

    @Test
    void put_storesTheContentUnderItsSha256_andReadsItBack() throws Exception {
        byte[] content = bytes("hello, nubo");
        StoredBlob stored = store.put(new ByteArrayInputStream(content), 1000, Optional.empty());

        assertThat(stored).isEqualTo(new StoredBlob(sha256(content), content.length, true));
        assertThat(read(store.open(stored.hash()).orElseThrow())).isEqualTo(content);
        assertThat(store.size(stored.hash())).hasValue((long) content.length);
        assertThat(store.path(stored.hash()).toString())
                .endsWith("sha256/" + stored.hash().hex().substring(0, 2) + "/"
                        + stored.hash().hex().substring(2, 4) + "/"
                        + stored.hash().hex());
    }

    @Test
    void sameContentTwice_isStoredOnce() throws Exception {
        byte[] content = bytes("twice");
        StoredBlob first = store.put(new ByteArrayInputStream(content), 1000, Optional.empty());
        StoredBlob second = store.put(new ByteArrayInputStream(content), 1000, Optional.empty());

        assertThat(first.created()).isTrue();
        assertThat(second.created()).isFalse();
        assertThat(second.hash()).isEqualTo(first.hash());
        assertThat(blobFiles()).hasSize(1);
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void concurrentWritersOfTheSameContent_allSucceed_oneCreates_oneFileRemains() throws Exception {
        byte[] content = new byte[3 * FsBlobStore.BUFFER + 17];
        new java.util.Random(42).nextBytes(content);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<StoredBlob>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return store.put(new ByteArrayInputStream(content), content.length, Optional.empty());
                }));
            }
            start.countDown();
            List<StoredBlob> results = new ArrayList<>();
            for (Future<StoredBlob> f : futures) {
                results.add(f.get());
            }
            assertThat(results).extracting(StoredBlob::hash).containsOnly(sha256(content));
            assertThat(results).filteredOn(StoredBlob::created).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(blobFiles()).hasSize(1);
        assertThat(read(store.open(sha256(content)).orElseThrow())).isEqualTo(content);
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void contentPastTheLimit_isRefused_andLeavesNothing() {
        assertThatThrownBy(() -> store.put(new ByteArrayInputStream(new byte[1001]), 1000, Optional.empty()))
                .isInstanceOf(BlobTooLargeException.class);
        assertThat(blobFiles()).isEmpty();
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void contentExactlyAtTheLimit_isAccepted() throws Exception {
        assertThat(store.put(new ByteArrayInputStream(new byte[1000]), 1000, Optional.empty())
                        .size())
                .isEqualTo(1000);
    }

    @Test
    void aClientThatVanishesMidUpload_leavesNoPartialBlob() {
        InputStream dropped = new InputStream() {
            int sent;

            @Override
            public int read() throws IOException {
                if (sent++ > 100_000) {
                    throw new IOException("connection reset");
                }
                return 'x';
            }
        };
        assertThatThrownBy(() -> store.put(dropped, Long.MAX_VALUE, Optional.empty()))
                .hasMessage("connection reset");
        assertThat(blobFiles()).isEmpty();
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void aWrongAnnouncedChecksum_isRefused_andLeavesNothing() throws Exception {
        byte[] content = bytes("payload");
        ContentHash other = sha256(bytes("something else"));
        assertThatThrownBy(() -> store.put(new ByteArrayInputStream(content), 1000, Optional.of(other)))
                .isInstanceOfSatisfying(
                        ChecksumMismatchException.class,
                        e -> assertThat(e.expected()).isEqualTo(other));
        assertThat(blobFiles()).isEmpty();
        assertThat(store.put(new ByteArrayInputStream(content), 1000, Optional.of(sha256(content)))
                        .created())
                .isTrue();
    }

    @Test
    void emptyContent_isABlobToo() throws Exception {
        StoredBlob empty = store.put(InputStream.nullInputStream(), 0, Optional.empty());
        assertThat(empty.hash().hex()).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(store.exists(empty.hash())).isTrue();
    }

    @Test
    void delete_removesTheBlob_onlyOnce() throws Exception {
        StoredBlob blob = store.put(new ByteArrayInputStream(bytes("bye")), 100, Optional.empty());
        assertThat(store.delete(blob.hash())).isTrue();
        assertThat(store.delete(blob.hash())).isFalse();
        assertThat(store.open(blob.hash())).isEmpty();
        assertThat(store.size(blob.hash())).isEmpty();
    }

    @Test
    void sweep_removesOnlyWritesOlderThanTheGivenAge() throws Exception {
        Path old = Files.writeString(root.resolve("tmp/old" + FsBlobStore.TEMP_SUFFIX), "left by a crash");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofHours(7))));
        Path fresh = Files.writeString(root.resolve("tmp/fresh" + FsBlobStore.TEMP_SUFFIX), "being written");

        assertThat(store.sweepAbandonedWrites(Duration.ofHours(6))).isEqualTo(1);
        assertThat(old).doesNotExist();
        assertThat(fresh).exists();
    }

    @Test
    void aStagedBlob_isInvisibleUntilPublished_andClosingWithoutPublishingLeavesNothing() throws Exception {
        byte[] content = bytes("staged");
        try (StagedBlob staged = store.stage(new ByteArrayInputStream(content), 100, Optional.empty())) {
            assertThat(staged.hash()).isEqualTo(sha256(content));
            assertThat(staged.size()).isEqualTo(content.length);
            assertThat(store.exists(staged.hash())).isFalse();
        }
        assertThat(blobFiles()).isEmpty();
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void publishingAfterACollectorDeletedTheSameContent_bringsTheBlobBack() throws Exception {
        byte[] content = bytes("popular content");
        StoredBlob existing = store.put(new ByteArrayInputStream(content), 100, Optional.empty());
        try (StagedBlob staged = store.stage(new ByteArrayInputStream(content), 100, Optional.empty())) {
            // the collector removes the unreferenced copy while this upload is between staging and commit
            store.delete(existing.hash());
            assertThat(staged.publish()).isTrue();
        }
        assertThat(read(store.open(existing.hash()).orElseThrow())).isEqualTo(content);
        assertThat(tempFiles()).isEmpty();
    }

    @Test
    void publishingContentThatIsAlreadyThere_keepsTheExistingBlob() throws Exception {
        byte[] content = bytes("already here");
        store.put(new ByteArrayInputStream(content), 100, Optional.empty());
        try (StagedBlob staged = store.stage(new ByteArrayInputStream(content), 100, Optional.empty())) {
            assertThat(staged.publish()).isFalse();
        }
        assertThat(blobFiles()).hasSize(1);
        assertThat(tempFiles()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "../../etc/passwd",
                "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85",
                "zz/x"
            })
    void onlyLowerCaseSha256HexIsAHash_soNoInputCanNameAnotherPath(String value) {
        assertThatThrownBy(() -> new ContentHash(value)).isInstanceOf(IllegalArgumentException.class);
    }

    private List<Path> blobFiles() {
        return files(root.resolve("sha256"));
    }

    private List<Path> tempFiles() {
        return files(root.resolve("tmp"));
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
