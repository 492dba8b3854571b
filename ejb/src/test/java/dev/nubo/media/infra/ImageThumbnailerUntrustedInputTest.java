package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.media.api.ImageTooLargeException;
import dev.nubo.media.api.MediaException;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.api.UnsupportedImageException;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Uploads are untrusted: damaged, truncated, lying or missing files end in a typed refusal, quickly. */
class ImageThumbnailerUntrustedInputTest {
    @TempDir
    Path dir;

    final ImageThumbnailer thumbnailer = new ImageThumbnailer(ImageThumbnailerTest.MAX_PIXELS);

    Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void jpegHeaderFollowedByRandomBytes_isUnsupported() throws Exception {
        byte[] bytes = new byte[16 * 1024];
        new Random(7).nextBytes(bytes);
        bytes[0] = (byte) 0xFF;
        bytes[1] = (byte) 0xD8;
        bytes[2] = (byte) 0xFF;
        bytes[3] = (byte) 0xE0;

        assertThatThrownBy(() -> thumbnailer.render(file("noise.jpg", bytes), Set.of(ThumbnailSize.ICON)))
                .isInstanceOf(UnsupportedImageException.class);
    }

    @Test
    void truncatedPng_isUnsupported() throws Exception {
        BufferedImage noise = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(3);
        for (int y = 0; y < 300; y++) {
            for (int x = 0; x < 400; x++) {
                noise.setRGB(x, y, random.nextInt());
            }
        }
        byte[] png = TestImages.encode(noise, "png");

        assertThatThrownBy(() -> thumbnailer.render(
                        file("cut.png", Arrays.copyOf(png, png.length / 2)), Set.of(ThumbnailSize.ICON)))
                .isInstanceOf(UnsupportedImageException.class);
    }

    /** Cut anywhere or with bytes flipped, every format ends in thumbnails or a MediaException, nothing else. */
    @Test
    void damagedFiles_giveThumbnailsOrAMediaException_neverAnythingElse() throws Exception {
        BufferedImage picture = TestImages.redCorner(200, 150);
        List<byte[]> originals = List.of(
                TestImages.withExif(
                        TestImages.jpeg(picture, 0.9f),
                        new TiffBuilder()
                                .ifd0(TiffBuilder.shortValue(0x0112, 6))
                                .build()),
                TestImages.encode(picture, "png"),
                TestImages.gif(picture, TestImages.filled(200, 150, Color.GREEN)),
                Base64.getDecoder().decode("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA"));
        Random random = new Random(11);
        int outcomes = 0;
        for (byte[] original : originals) {
            for (int cut = 1; cut < original.length; cut += Math.max(1, original.length / 60)) {
                outcomes += renderOrMediaException(Arrays.copyOf(original, cut));
            }
            for (int i = 0; i < 60; i++) {
                byte[] damaged = original.clone();
                for (int flips = 0; flips < 8; flips++) {
                    damaged[4 + random.nextInt(damaged.length - 4)] = (byte) random.nextInt(256);
                }
                outcomes += renderOrMediaException(damaged);
            }
        }
        assertThat(outcomes).isPositive();
    }

    private int renderOrMediaException(byte[] bytes) throws IOException {
        Path damaged = file("damaged", bytes);
        try {
            thumbnailer
                    .render(damaged, EnumSet.allOf(ThumbnailSize.class))
                    .forEach(t -> assertThat(t.bytes()).isNotEmpty());
        } catch (MediaException expected) {
            // the other acceptable outcome
        }
        return 1;
    }

    @Test
    void pngWithATextChunkInflatingTo256Mb_rendersWithoutInflatingIt() throws Exception {
        byte[] png = TestImages.withChunkAfterHeader(
                TestImages.encode(TestImages.filled(30, 20, Color.PINK), "png"),
                "zTXt",
                TestImages.zTxtBomb(256L << 20));
        Path image = file("bomb.png", png);
        thumbnailer.render(image, Set.of(ThumbnailSize.ICON)); // warm-up: class loading allocates too

        long allocated =
                MediaProbeUntrustedInputTest.allocatedBy(() -> thumbnailer.render(image, Set.of(ThumbnailSize.ICON)));

        assertThat(allocated).isLessThan(MediaProbeUntrustedInputTest.ALLOCATION_BOUND);
    }

    @Test
    void webpWhoseIccProfileClaims2Gb_isRefusedWithoutAllocatingIt() throws Exception {
        byte[] lossless = Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
        byte[] vp8x = {0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0}; // ICC flag, canvas 1x1
        byte[] icc = new byte[128];
        java.nio.ByteBuffer.wrap(icc).putInt(0, 0x7FFF_0000).putInt(36, 0x61637370); // size, "acsp"
        Path image = file(
                "icc.webp",
                TestMedia.riff(
                        "WEBP",
                        TestMedia.chunk("VP8X", vp8x),
                        TestMedia.chunk("ICCP", icc),
                        Arrays.copyOfRange(lossless, 12, lossless.length)));

        long allocated = MediaProbeUntrustedInputTest.allocatedBy(() -> {
            assertThatThrownBy(() -> thumbnailer.render(image, Set.of(ThumbnailSize.ICON)))
                    .isInstanceOf(UnsupportedImageException.class);
            return null;
        });

        assertThat(allocated).isLessThan(MediaProbeUntrustedInputTest.ALLOCATION_BOUND);
    }

    @Test
    void textFile_isUnsupported() throws Exception {
        assertThatThrownBy(() -> thumbnailer.render(file("a.jpg", "hello".getBytes()), Set.of(ThumbnailSize.ICON)))
                .isInstanceOf(UnsupportedImageException.class);
    }

    @Test
    void missingFile_isAnIOException() {
        assertThatThrownBy(() -> thumbnailer.render(dir.resolve("gone.jpg"), Set.of(ThumbnailSize.ICON)))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void pngDeclaring30000x30000_isRefusedFromItsHeader_atOnce() throws Exception {
        Path bomb = file("bomb.png", TestImages.pngHeaderOnly(30_000, 30_000));

        long start = System.nanoTime();
        assertThatThrownBy(() -> thumbnailer.render(bomb, EnumSet.allOf(ThumbnailSize.class)))
                .isInstanceOfSatisfying(ImageTooLargeException.class, e -> {
                    assertThat(e.pixels()).isEqualTo(900_000_000L);
                    assertThat(e.maxPixels()).isEqualTo(ImageThumbnailerTest.MAX_PIXELS);
                });
        // decoding 900 million pixels would take seconds and 2.7 GB; reading a header takes milliseconds
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1_000);
    }

    @Test
    void jpegDeclaring30000x30000_isRefusedFromItsHeader() throws Exception {
        Path bomb = file("bomb.jpg", TestImages.jpegHeaderOnly(30_000, 30_000));

        assertThatThrownBy(() -> thumbnailer.render(bomb, Set.of(ThumbnailSize.ICON)))
                .isInstanceOf(ImageTooLargeException.class);
    }
}
