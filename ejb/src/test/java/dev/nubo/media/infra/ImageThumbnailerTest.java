package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImageThumbnailerTest {
    static final long MAX_PIXELS = 100_000_000L;

    @TempDir
    Path dir;

    final ImageThumbnailer thumbnailer = new ImageThumbnailer(MAX_PIXELS);

    Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    static BufferedImage decode(Thumbnail thumbnail) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(thumbnail.bytes()));
        assertThat(image).as("decodable " + thumbnail.mimeType()).isNotNull();
        assertThat(image.getWidth()).isEqualTo(thumbnail.width());
        assertThat(image.getHeight()).isEqualTo(thumbnail.height());
        return image;
    }

    static boolean reddish(int argb) {
        Color c = new Color(argb, true);
        return c.getRed() > 200 && c.getGreen() < 80 && c.getBlue() < 80;
    }

    static boolean whitish(int argb) {
        Color c = new Color(argb, true);
        return c.getRed() > 220 && c.getGreen() > 220 && c.getBlue() > 220;
    }

    @Test
    void exifOrientation6_turnsTheThumbnailClockwise_andSwapsItsDimensions() throws Exception {
        byte[] jpeg = TestImages.withExif(
                TestImages.jpeg(TestImages.redCorner(600, 400), 0.9f),
                new TiffBuilder().ifd0(TiffBuilder.shortValue(0x0112, 6)).build());
        Path image = file("sideways.jpg", jpeg);

        List<Thumbnail> thumbnails = thumbnailer.render(image, EnumSet.of(ThumbnailSize.ICON, ThumbnailSize.LARGE));

        Thumbnail icon = thumbnails.get(0);
        Thumbnail large = thumbnails.get(1);
        assertThat(icon.size()).isEqualTo(ThumbnailSize.ICON);
        assertThat(icon.mimeType()).isEqualTo(Thumbnail.JPEG);
        assertThat(List.of(icon.width(), icon.height())).containsExactly(100, 150);
        assertThat(List.of(large.width(), large.height()))
                .as("600x400 is below 1280: kept, only turned")
                .containsExactly(400, 600);
        BufferedImage turned = decode(large);
        // the stored top-left corner is shown top-right once turned 90° clockwise
        assertThat(reddish(turned.getRGB(400 - 30, 30))).isTrue();
        assertThat(whitish(turned.getRGB(30, 30))).isTrue();
        assertThat(whitish(turned.getRGB(30, 600 - 30))).isTrue();
        BufferedImage small = decode(icon);
        assertThat(reddish(small.getRGB(100 - 8, 8))).isTrue();
        assertThat(whitish(small.getRGB(8, 8))).isTrue();
    }

    @Test
    void exifOrientation8_turnsCounterClockwise() throws Exception {
        byte[] jpeg = TestImages.withExif(
                TestImages.jpeg(TestImages.redCorner(600, 400), 0.9f),
                new TiffBuilder().ifd0(TiffBuilder.shortValue(0x0112, 8)).build());

        Thumbnail large = thumbnailer
                .render(file("ccw.jpg", jpeg), Set.of(ThumbnailSize.LARGE))
                .get(0);

        BufferedImage turned = decode(large);
        assertThat(List.of(large.width(), large.height())).containsExactly(400, 600);
        // the stored top-left corner is shown bottom-left once turned 90° counter-clockwise
        assertThat(reddish(turned.getRGB(30, 600 - 30))).isTrue();
        assertThat(whitish(turned.getRGB(400 - 30, 30))).isTrue();
    }

    @Test
    void pngWithAlpha_givesPngThumbnails_thatKeepTheTransparency() throws Exception {
        BufferedImage source = new BufferedImage(300, 200, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = source.createGraphics();
        g.setColor(Color.BLUE);
        g.fillRect(0, 0, 150, 200); // right half stays fully transparent
        g.dispose();
        Path image = file("logo.png", TestImages.encode(source, "png"));

        Thumbnail icon = thumbnailer.render(image, Set.of(ThumbnailSize.ICON)).get(0);

        assertThat(icon.mimeType()).isEqualTo(Thumbnail.PNG);
        assertThat(List.of(icon.width(), icon.height())).containsExactly(150, 100);
        BufferedImage out = decode(icon);
        assertThat(out.getColorModel().hasAlpha()).isTrue();
        Color opaque = new Color(out.getRGB(20, 50), true);
        assertThat(opaque.getAlpha()).isEqualTo(255);
        assertThat(opaque.getBlue()).isGreaterThan(200);
        assertThat(opaque.getRed()).isLessThan(50);
        assertThat(new Color(out.getRGB(130, 50), true).getAlpha()).isZero();
    }

    @Test
    void pngWithAnAlphaChannelButNoTransparentPixel_givesJpeg() throws Exception {
        BufferedImage source = new BufferedImage(300, 200, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = source.createGraphics();
        g.setColor(Color.GREEN);
        g.fillRect(0, 0, 300, 200);
        g.dispose();

        Thumbnail icon = thumbnailer
                .render(file("screenshot.png", TestImages.encode(source, "png")), Set.of(ThumbnailSize.ICON))
                .get(0);

        assertThat(icon.mimeType()).isEqualTo(Thumbnail.JPEG);
        assertThat(decode(icon).getColorModel().hasAlpha()).isFalse();
    }

    @Test
    void animatedGif_givesItsFirstFrame() throws Exception {
        byte[] gif = TestImages.gif(
                TestImages.filled(120, 90, Color.RED),
                TestImages.filled(120, 90, Color.GREEN),
                TestImages.filled(120, 90, Color.BLUE));

        Thumbnail icon = thumbnailer
                .render(file("anim.gif", gif), Set.of(ThumbnailSize.ICON))
                .get(0);

        assertThat(List.of(icon.width(), icon.height())).containsExactly(120, 90);
        BufferedImage out = decode(icon);
        assertThat(reddish(out.getRGB(60, 45))).isTrue();
    }

    @Test
    void cmykJpeg_isDecoded() throws Exception {
        Path image = file("print.jpg", TestImages.cmykJpeg(200, 100));

        Thumbnail icon = thumbnailer.render(image, Set.of(ThumbnailSize.ICON)).get(0);

        assertThat(icon.mimeType()).isEqualTo(Thumbnail.JPEG);
        assertThat(List.of(icon.width(), icon.height())).containsExactly(150, 75);
        assertThat(reddish(decode(icon).getRGB(75, 37))).isTrue();
    }

    /**
     * WebP has no encoder in the JDK or TwelveMonkeys, so these are the 1x1 probes feature detectors use (Modernizr's
     * {@code img-webp} test), one per kind of bitstream: lossy (VP8), lossless (VP8L), extended with alpha (VP8X).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA",
                "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==",
                "UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA=="
            })
    void webp_isDecodedByTwelveMonkeys(String base64) throws Exception {
        Path image = file("probe.webp", Base64.getDecoder().decode(base64));

        Thumbnail icon = thumbnailer.render(image, Set.of(ThumbnailSize.ICON)).get(0);

        assertThat(List.of(icon.width(), icon.height())).containsExactly(1, 1);
        decode(icon);
    }

    @Test
    void smallImage_isNeverUpscaled() throws Exception {
        Path image = file("small.jpg", TestImages.jpeg(TestImages.redCorner(100, 80), 0.9f));

        List<Thumbnail> thumbnails = thumbnailer.render(image, EnumSet.allOf(ThumbnailSize.class));

        assertThat(thumbnails).extracting(Thumbnail::size).containsExactly(ThumbnailSize.values());
        assertThat(thumbnails).allSatisfy(t -> {
            assertThat(t.width()).isEqualTo(100);
            assertThat(t.height()).isEqualTo(80);
        });
    }

    @Test
    void largeImage_givesEachSizeOnItsLongSide() throws Exception {
        BufferedImage gray = new BufferedImage(6000, 4000, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = gray.createGraphics();
        g.setColor(Color.LIGHT_GRAY);
        g.fillRect(0, 0, 6000, 4000);
        g.setColor(Color.DARK_GRAY);
        g.fillOval(1000, 1000, 2000, 2000);
        g.dispose();
        Path image = file("large.jpg", TestImages.jpeg(gray, 0.8f));
        gray = null;

        List<Thumbnail> thumbnails = thumbnailer.render(image, EnumSet.allOf(ThumbnailSize.class));

        assertThat(thumbnails)
                .extracting(t -> t.width() + "x" + t.height())
                .containsExactly("150x100", "400x267", "1280x853");
        for (Thumbnail t : thumbnails) {
            decode(t);
        }
    }

    @Test
    void portraitLargeImage_isFittedOnItsHeight() throws Exception {
        Path image = file("tall.png", TestImages.encode(TestImages.filled(900, 3000, Color.ORANGE), "png"));

        Thumbnail preview =
                thumbnailer.render(image, Set.of(ThumbnailSize.PREVIEW)).get(0);

        assertThat(List.of(preview.width(), preview.height())).containsExactly(120, 400);
    }

    @Test
    void noSizes_renderNothing() throws Exception {
        assertThat(thumbnailer.render(dir.resolve("never-read.jpg"), Set.of())).isEmpty();
    }

    @Test
    void supports_theDecodedTypesOnly() {
        assertThat(ImageThumbnailer.supports("image/jpeg")).isTrue();
        assertThat(ImageThumbnailer.supports("IMAGE/PNG")).isTrue();
        assertThat(ImageThumbnailer.supports("image/gif")).isTrue();
        assertThat(ImageThumbnailer.supports("image/webp")).isTrue();
        assertThat(ImageThumbnailer.supports("image/heic")).isFalse();
        assertThat(ImageThumbnailer.supports("image/svg+xml")).isFalse();
        assertThat(ImageThumbnailer.supports(null)).isFalse();
    }

    @Test
    void subsampling_keepsTheDecodedLongSideBetweenOnceAndTwiceTheLargestSize() {
        assertThat(ImageThumbnailer.subsampling(1000, 1280)).isEqualTo(1);
        assertThat(ImageThumbnailer.subsampling(2560, 1280)).isEqualTo(1);
        assertThat(ImageThumbnailer.subsampling(4000, 1280)).isEqualTo(2);
        assertThat(ImageThumbnailer.subsampling(8000, 1280)).isEqualTo(4); // 48 MP: decoded 2000 px long
        assertThat(ImageThumbnailer.subsampling(8000, 150)).isEqualTo(27);
        for (int longSide = 100; longSide < 20_000; longSide += 37) {
            for (ThumbnailSize size : ThumbnailSize.values()) {
                int step = ImageThumbnailer.subsampling(longSide, size.px());
                int decoded = (longSide + step - 1) / step;
                assertThat(decoded).isLessThanOrEqualTo(Math.max(longSide, 2 * size.px()));
                assertThat(decoded).isGreaterThanOrEqualTo(Math.min(longSide, size.px()));
            }
        }
    }

    /** Not a benchmark (the lead does the performance write-up): proves a 12 MP photo renders, and prints the cost. */
    @Test
    void twelveMegapixelJpeg_rendersAllThreeSizes() throws Exception {
        Path image = file("12mp.jpg", TestImages.jpeg(photoLike(4000, 3000), 0.9f));
        Set<ThumbnailSize> all = EnumSet.allOf(ThumbnailSize.class);
        thumbnailer.render(image, all); // warm-up: class loading and JIT
        System.gc();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .toList();
        long before = heap.stream().mapToLong(pool -> pool.getUsage().getUsed()).sum();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        int runs = 5;
        long start = System.nanoTime();
        List<Thumbnail> thumbnails = null;
        for (int i = 0; i < runs; i++) {
            thumbnails = thumbnailer.render(image, all);
        }
        long ms = (System.nanoTime() - start) / 1_000_000 / runs;
        long allocated = (threads.getCurrentThreadAllocatedBytes() - allocatedBefore) / runs;
        long peak =
                heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();

        assertThat(thumbnails)
                .extracting(t -> t.width() + "x" + t.height())
                .containsExactly("150x113", "400x300", "1280x960");
        System.out.printf(
                "ImageThumbnailer 12 MP JPEG (%d KB), three sizes: %d ms per render (mean of %d), %d MB allocated per"
                        + " render; heap before %d MB, peak (sum of pool peaks, garbage included) %d MB%n",
                Files.size(image) / 1024, ms, runs, allocated >> 20, before >> 20, peak >> 20);
    }

    /** Gradients, shapes and sensor-like noise, so the JPEG is about as hard to decode as a photo. */
    static BufferedImage photoLike(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        g.setPaint(new java.awt.GradientPaint(0, 0, new Color(30, 90, 160), width, height, new Color(230, 200, 120)));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(40, 120, 40));
        g.fillOval(width / 4, height / 3, width / 2, height / 2);
        g.dispose();
        byte[] pixels = ((java.awt.image.DataBufferByte) image.getRaster().getDataBuffer()).getData();
        Random random = new Random(42);
        for (int i = 0; i < pixels.length; i++) {
            int noisy = (pixels[i] & 0xFF) + random.nextInt(17) - 8;
            pixels[i] = (byte) Math.max(0, Math.min(255, noisy));
        }
        return image;
    }
}
