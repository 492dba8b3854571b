package dev.nubo.media.infra;

import dev.nubo.media.api.Thumbnail;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Encodes rendered bitmaps: JPEG at quality {@value #JPEG_QUALITY} for opaque images (photos come out
 * several times smaller than as PNG), PNG where transparency must survive. Output goes through a memory
 * cache, never ImageIO's default temp-file cache.
 */
final class ThumbnailEncoder {
    static final float JPEG_QUALITY = 0.82f;

    private ThumbnailEncoder() {}

    /** {@code image} is {@link BufferedImage#TYPE_INT_RGB} for JPEG, {@link BufferedImage#TYPE_INT_ARGB} for PNG. */
    static byte[] encode(BufferedImage image, String mimeType) throws IOException {
        boolean jpeg = Thumbnail.JPEG.equals(mimeType);
        ImageWriter writer = writer(jpeg ? "jpeg" : "png");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(image.getWidth() * image.getHeight() / 4 + 1024);
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (jpeg) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(JPEG_QUALITY);
            }
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static ImageWriter writer(String formatName) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName(formatName);
        if (!writers.hasNext()) {
            throw new IOException("this JDK has no ImageIO writer for " + formatName);
        }
        return writers.next();
    }
}
