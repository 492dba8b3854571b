package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Bin;
import dev.nubo.it.blackbox.Api.Res;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thumbnails and media facts over REST and the Nextcloud preview endpoint (issue 7): three sizes, never upscaled,
 * transparency kept, an entity tag that answers 304, 404 for what cannot be rendered (not an image, corrupt data, a
 * decompression bomb) and for other users' files, 400 for an unknown size; a burst of requests for one cold thumbnail
 * all get the same image; the file API reports sizes and thumbnail state once the content has been read.
 */
@ExtendWith(SharedServer.class)
class ThumbnailsIT {
    final Api api = SharedServer.api();

    static BufferedImage decode(byte[] data) {
        try {
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(data));
            assertThat(img).as("a decodable image").isNotNull();
            return img;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] encode(BufferedImage img, String format) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertThat(ImageIO.write(img, format, out)).isTrue();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An opaque photo-like picture: red on the left half, blue on the right. */
    static byte[] jpeg(int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(0, 0, w / 2, h);
        g.setColor(Color.BLUE);
        g.fillRect(w / 2, 0, w - w / 2, h);
        g.dispose();
        return encode(img, "jpg");
    }

    Bin thumbnail(FilesClient u, long id, String size) {
        return u.as(api.get("/api/files/" + id + "/thumbnail" + (size == null ? "" : "?size=" + size)))
                .sendForBytes();
    }

    @Test
    void threeSizesNeverUpscaled_withImmutableEtagsAnd304() {
        FilesClient u = FilesClient.newUser(api, "thumbs", null);
        long root = u.rootId();
        long photo = u.uploadOk(root, "wide.jpg", jpeg(2000, 1000));

        Bin icon = thumbnail(u, photo, "icon").expect(200);
        assertThat(icon.header("Content-Type")).isEqualTo("image/jpeg");
        BufferedImage small = decode(icon.body());
        assertThat(small.getWidth()).isEqualTo(150);
        assertThat(small.getHeight()).isEqualTo(75);
        assertThat(new Color(small.getRGB(10, 37)).getRed())
                .as("left stays red")
                .isGreaterThan(200);
        assertThat(new Color(small.getRGB(140, 37)).getBlue())
                .as("right stays blue")
                .isGreaterThan(200);
        assertThat(decode(thumbnail(u, photo, null).expect(200).body()).getWidth())
                .as("default: preview")
                .isEqualTo(400);
        assertThat(decode(thumbnail(u, photo, "large").expect(200).body()).getWidth())
                .isEqualTo(1280);

        String etag = icon.header("ETag");
        assertThat(etag).isNotBlank();
        assertThat(icon.header("Cache-Control")).contains("immutable");
        Bin again = u.as(api.get("/api/files/" + photo + "/thumbnail?size=icon"))
                .header("If-None-Match", etag)
                .sendForBytes()
                .expect(304);
        assertThat(again.body()).isEmpty();
        assertThat(thumbnail(u, photo, "preview").header("ETag")).isNotEqualTo(etag);

        long tiny = u.uploadOk(root, "tiny.png", encode(alpha(100, 80), "png"));
        Bin t = thumbnail(u, tiny, "large").expect(200);
        assertThat(t.header("Content-Type")).as("transparency kept").isEqualTo("image/png");
        BufferedImage same = decode(t.body());
        assertThat(same.getWidth()).as("never upscaled").isEqualTo(100);
        assertThat(same.getHeight()).isEqualTo(80);
        assertThat(same.getColorModel().hasAlpha()).isTrue();
        assertThat(new Color(same.getRGB(1, 1), true).getAlpha()).isZero();

        Res node = awaitMedia(u, photo);
        assertThat(node.num("node.media.width")).isEqualTo(2000);
        assertThat(node.num("node.media.height")).isEqualTo(1000);
        assertThat(node.bool("node.media.thumbnail")).isTrue();
        assertThat(node.str("node.mimeCategory")).isEqualTo("image");
    }

    @Test
    void whatCannotBeRenderedIs404_otherUsers404_badSize400() {
        FilesClient u = FilesClient.newUser(api, "thumbs-bad", null);
        FilesClient other = FilesClient.newUser(api, "thumbs-other", null);
        long root = u.rootId();
        long text = u.uploadOk(root, "notes.txt", "hello".getBytes(StandardCharsets.UTF_8));
        byte[] junk = FilesClient.random(5000, 7);
        junk[0] = (byte) 0xFF;
        junk[1] = (byte) 0xD8;
        junk[2] = (byte) 0xFF;
        long corrupt = u.uploadOk(root, "broken.jpg", junk);
        long bomb = u.uploadOk(root, "bomb.png", bombPng(30000, 30000));
        long photo = u.uploadOk(root, "fine.jpg", jpeg(300, 200));

        thumbnailError(u, text, "no_thumbnail");
        thumbnailError(u, corrupt, "no_thumbnail");
        long t0 = System.nanoTime();
        thumbnailError(u, bomb, "no_thumbnail");
        assertThat(Duration.ofNanos(System.nanoTime() - t0))
                .as("refused from its header")
                .isLessThan(Duration.ofSeconds(10));
        thumbnailError(u, u.mkdir(root, "a folder"), "no_thumbnail");
        u.as(api.get("/api/files/" + photo + "/thumbnail?size=huge")).send().expectError(400, "invalid_request");
        other.as(api.get("/api/files/" + photo + "/thumbnail?size=icon")).send().expectError(404, "not_found");
        api.get("/api/files/" + photo + "/thumbnail").send().expect(401);
        api.get("/api/health").send().expect(200);
    }

    void thumbnailError(FilesClient u, long id, String code) {
        u.as(api.get("/api/files/" + id + "/thumbnail?size=icon")).send().expectError(404, code);
    }

    @Test
    void aBurstOfRequestsForOneColdThumbnailRendersItOnce() {
        FilesClient u = FilesClient.newUser(api, "thumbs-burst", null);
        byte[] image = jpeg(3000, 2000);
        String hash = sha256(image);
        long photo = u.uploadOk(u.rootId(), "burst.jpg", image);
        // twelve threads of its own: the common pool has one thread on a 2-core machine, which would send them in turn
        ExecutorService pool = Executors.newFixedThreadPool(12);
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Bin>> burst = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            burst.add(CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return thumbnail(u, photo, "large");
                    },
                    pool));
        }
        go.countDown();
        pool.shutdown();
        byte[] first = null;
        for (CompletableFuture<Bin> f : burst) {
            Bin b = f.join().expect(200);
            if (first == null) {
                first = b.body();
            }
            assertThat(b.body()).as("every answer is the one stored image").isEqualTo(first);
        }
        assertThat(decode(first).getWidth()).isEqualTo(1280);
        // the background render after the upload and the twelve requests together: one render of that content
        // (the log is written a moment after the answer, so it is read until the line shows, for up to 5 s)
        String rendered = "rendered thumbnails of content " + hash;
        NuboProcess server = SharedServer.server();
        long renders = 0;
        for (int i = 0; i < 50 && renders == 0; i++) {
            NuboProcess.sleep(Duration.ofMillis(100));
            renders = server.output().lines().filter(l -> l.contains(rendered)).count();
        }
        assertThat(renders).as("renders of %s; %s", hash, server.logHint()).isEqualTo(1);
    }

    private static String sha256(byte[] data) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(data));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void nextcloudPreviewsServeTheThumbnailsAfterAuthentication() {
        FilesClient u = FilesClient.newUser(api, "thumbs-nc", null);
        long photo = u.uploadOk(u.rootId(), "nc photo.jpg", jpeg(1600, 1200));
        long text = u.uploadOk(u.rootId(), "nc.txt", "x".getBytes(StandardCharsets.UTF_8));
        String base = "/nextcloud/index.php/core/preview?x=64&y=64&a=1&fileId=";
        Bin preview = u.as(api.get(base + photo)).sendForBytes().expect(200);
        assertThat(preview.header("Content-Type")).isEqualTo("image/jpeg");
        assertThat(decode(preview.body()).getWidth())
                .as("the smallest size at least as large as asked")
                .isEqualTo(150);
        u.as(api.get(base + photo))
                .header("If-None-Match", preview.header("ETag"))
                .sendForBytes()
                .expect(304);
        Bin byPath = u.as(api.get("/nextcloud/index.php/core/preview.png?x=1000&y=1000&file=/nc%20photo.jpg"))
                .sendForBytes()
                .expect(200);
        assertThat(decode(byPath.body()).getWidth()).isEqualTo(1280);
        u.as(api.get(base + text)).sendForBytes().expect(404);
        api.get(base + photo).sendForBytes().expect(401);
    }

    /** Polls the file until its content has been read (media present). */
    Res awaitMedia(FilesClient u, long id) {
        long deadline = System.nanoTime() + SearchIT.CATCH_UP.toNanos();
        Res node;
        do {
            node = u.node(id).expect(200);
            if (node.has("node.media") && node.has("node.media.width")) {
                return node;
            }
            NuboProcess.sleep(Duration.ofMillis(200));
        } while (System.nanoTime() < deadline);
        return node;
    }

    /** Transparent, with an opaque green square in the middle. */
    static BufferedImage alpha(int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.GREEN);
        g.fillRect(w / 4, h / 4, w / 2, h / 2);
        g.dispose();
        return img;
    }

    /** A PNG whose header claims w x h pixels, with a few bytes of image data: a decompression bomb's shape. */
    static byte[] bombPng(int w, int h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        ByteBuffer ihdr =
                ByteBuffer.allocate(13).putInt(w).putInt(h).put((byte) 8).put((byte) 2);
        chunk(out, "IHDR", ihdr.put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(out, "IDAT", new byte[] {0x78, (byte) 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01});
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(t);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
