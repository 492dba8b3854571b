package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.media.api.MediaInfo;
import java.awt.Color;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Uploads are untrusted: damaged files give what could be read, and length fields that lie cost nothing. */
class MediaProbeUntrustedInputTest {
    /** Far below the 2 GB or 256 MB the crafted files below declare or inflate to. */
    static final long ALLOCATION_BOUND = 16L << 20;

    @TempDir
    Path dir;

    Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** Bytes the current thread allocates while running {@code work}. */
    static long allocatedBy(Callable<?> work) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        work.call();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void mp4DeclaringA2GbMovieHeader_allocatesNothingLikeIt() throws Exception {
        ByteBuffer crafted = ByteBuffer.allocate(116);
        crafted.put(TestMedia.ftyp("isom"));
        crafted.putInt(96).put(TestMedia.ascii("moov")); // fits the file...
        crafted.putInt(0x7FFF_0000).put(TestMedia.ascii("mvhd")); // ...but its child claims 2 GB
        Path file = file("crafted.mp4", crafted.array());

        MediaProbe.probe(file, "video/mp4"); // warm-up: class loading allocates too
        long allocated = allocatedBy(() -> MediaProbe.probe(file, "video/mp4"));

        assertThat(MediaProbe.probe(file, "video/mp4")).isEqualTo(MediaInfo.NONE);
        assertThat(allocated).isLessThan(ALLOCATION_BOUND);
    }

    @Test
    void webpDeclaringA2GbExifChunk_allocatesNothingLikeIt() throws Exception {
        byte[] lossless = java.util.Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
        ByteBuffer crafted = ByteBuffer.allocate(lossless.length + 8 + 16).order(ByteOrder.LITTLE_ENDIAN);
        crafted.put(lossless).put(TestMedia.ascii("EXIF")).putInt(0x7FFF_0000).put(new byte[16]);
        crafted.putInt(4, crafted.capacity() - 8);
        Path file = file("crafted.webp", crafted.array());

        MediaProbe.probe(file, "image/webp");
        long allocated = allocatedBy(() -> MediaProbe.probe(file, "image/webp"));

        assertThat(MediaProbe.probe(file, "image/webp").width()).isEqualTo(1);
        assertThat(allocated).isLessThan(ALLOCATION_BOUND);
    }

    @Test
    void pngWithATextChunkInflatingTo256Mb_isNeverInflated() throws Exception {
        byte[] png = TestImages.withChunkAfterHeader(
                TestImages.encode(TestImages.filled(30, 20, Color.PINK), "png"),
                "zTXt",
                TestImages.zTxtBomb(256L << 20));
        Path file = file("bomb.png", png);

        MediaProbe.probe(file, "image/png");
        long allocated = allocatedBy(() -> MediaProbe.probe(file, "image/png"));

        assertThat(MediaProbe.probe(file, "image/png"))
                .isEqualTo(new MediaInfo(30, 20, null, null, null, null, null, null, null));
        assertThat(allocated).isLessThan(ALLOCATION_BOUND);
    }

    @Test
    void garbage_givesNone_neverAnException() throws Exception {
        byte[] noise = new byte[8192];
        new Random(1).nextBytes(noise);
        byte[] jpegNoise = noise.clone();
        jpegNoise[0] = (byte) 0xFF;
        jpegNoise[1] = (byte) 0xD8;

        assertThat(MediaProbe.probe(file("noise.bin", noise), null)).isEqualTo(MediaInfo.NONE);
        assertThat(MediaProbe.probe(file("noise.jpg", jpegNoise), "image/jpeg")).isNotNull();
        assertThat(MediaProbe.probe(file("empty.jpg", new byte[0]), "image/jpeg"))
                .isEqualTo(MediaInfo.NONE);
        assertThat(MediaProbe.probe(
                        file("half.wav", Arrays.copyOf(TestMedia.wav(8000, 1, 8, 800, 800, false), 30)), null))
                .isEqualTo(MediaInfo.NONE);
    }

    /** Cut anywhere or with bytes flipped, every format gives some MediaInfo and throws nothing. */
    @Test
    void damagedFilesOfEveryFormat_neverThrow() throws Exception {
        byte[][] originals = {
            TestImages.withExif(TestImages.jpeg(TestImages.redCorner(60, 40), 0.9f), MediaProbeTest.cameraExif()),
            TestImages.withChunkAfterHeader(
                    TestImages.encode(TestImages.filled(30, 20, Color.PINK), "png"),
                    "eXIf",
                    MediaProbeTest.cameraExif()),
            TestImages.gif(TestImages.filled(30, 20, Color.RED)),
            TestMedia.movie("isom", 1000, 1000, 640, 360, true),
            TestMedia.avi(40_000, 25, 320, 240, 5),
            TestMedia.wav(8000, 1, 8, 800, 800, true)
        };
        Random random = new Random(5);
        for (byte[] original : originals) {
            for (int cut = 1; cut < original.length; cut += Math.max(1, original.length / 80)) {
                assertThat(MediaProbe.probe(file("cut", Arrays.copyOf(original, cut)), null))
                        .isNotNull();
            }
            for (int i = 0; i < 100; i++) {
                byte[] damaged = original.clone();
                for (int flips = 0; flips < 6; flips++) {
                    damaged[4 + random.nextInt(Math.min(400, damaged.length - 4))] = (byte) random.nextInt(256);
                }
                assertThat(MediaProbe.probe(file("flipped", damaged), null)).isNotNull();
            }
        }
    }
}
