package dev.nubo.media.infra;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** Images the tests make themselves: nothing binary is checked in. */
final class TestImages {
    private TestImages() {}

    /** White with a red square in the top-left corner, a tenth of the long side wide. */
    static BufferedImage redCorner(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.RED);
        int side = Math.max(width, height) / 6;
        g.fillRect(0, 0, side, side);
        g.dispose();
        return image;
    }

    static BufferedImage filled(int width, int height, Color color) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(color);
        g.fillRect(0, 0, width, height);
        g.dispose();
        return image;
    }

    static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (!ImageIO.write(image, format, bytes)) {
            throw new IOException("no writer for " + format);
        }
        return bytes.toByteArray();
    }

    /** A GIF of the frames in order, written as an image sequence. */
    static byte[] gif(BufferedImage... frames) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            for (BufferedImage frame : frames) {
                writer.writeToSequence(new IIOImage(frame, null, null), null);
            }
            writer.endWriteSequence();
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    /** The JPEG with an APP1 Exif segment put right after its JFIF APP0 (or after SOI when it has none). */
    static byte[] withExif(byte[] jpeg, byte[] tiff) {
        int at = 2;
        if ((jpeg[2] & 0xFF) == 0xFF && (jpeg[3] & 0xFF) == 0xE0) {
            at = 4 + ((jpeg[4] & 0xFF) << 8 | (jpeg[5] & 0xFF));
        }
        byte[] header = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);
        int length = 2 + header.length + tiff.length;
        ByteBuffer out = ByteBuffer.allocate(jpeg.length + 2 + length);
        out.put(jpeg, 0, at);
        out.put((byte) 0xFF)
                .put((byte) 0xE1)
                .putShort((short) length)
                .put(header)
                .put(tiff);
        out.put(jpeg, at, jpeg.length - at);
        return out.array();
    }

    /** A PNG whose header declares {@code width} x {@code height} RGB pixels, followed by a few bytes of image data. */
    static byte[] pngHeaderOnly(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(13);
        ihdr.putInt(width)
                .putInt(height)
                .put((byte) 8)
                .put((byte) 2)
                .put((byte) 0)
                .put((byte) 0)
                .put((byte) 0);
        Deflater deflater = new Deflater();
        deflater.setInput(new byte[64]);
        deflater.finish();
        byte[] idat = new byte[128];
        int idatLength = deflater.deflate(idat);
        deflater.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        chunk(out, "IHDR", ihdr.array(), 13);
        chunk(out, "IDAT", idat, idatLength);
        chunk(out, "IEND", new byte[0], 0);
        return out.toByteArray();
    }

    /** The PNG with one more chunk right after its IHDR. */
    static byte[] withChunkAfterHeader(byte[] png, String type, byte[] data) {
        int afterIhdr = 8 + 8 + 13 + 4;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, afterIhdr);
        chunk(out, type, data, data.length);
        out.write(png, afterIhdr, png.length - afterIhdr);
        return out.toByteArray();
    }

    /** A {@code zTXt} payload whose text inflates to {@code inflated} zero bytes from about a thousandth of that. */
    static byte[] zTxtBomb(long inflated) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("Comment\0\0".getBytes(StandardCharsets.ISO_8859_1)); // keyword, NUL, method 0 (deflate)
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        byte[] zeros = new byte[1 << 16];
        byte[] buffer = new byte[1 << 16];
        for (long fed = 0; fed < inflated; fed += zeros.length) {
            deflater.setInput(zeros);
            while (!deflater.needsInput()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data, int length) {
        byte[] typeBytes = type.getBytes(StandardCharsets.ISO_8859_1);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data, 0, length);
        out.writeBytes(ByteBuffer.allocate(4).putInt(length).array());
        out.writeBytes(typeBytes);
        out.write(data, 0, length);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /** A baseline JPEG that is only SOI and a frame header declaring {@code width} x {@code height}, then EOI. */
    static byte[] jpegHeaderOnly(int width, int height) {
        ByteBuffer out = ByteBuffer.allocate(2 + 19 + 2);
        out.put((byte) 0xFF).put((byte) 0xD8);
        out.put((byte) 0xFF).put((byte) 0xC0).putShort((short) 17).put((byte) 8);
        out.putShort((short) height).putShort((short) width).put((byte) 3);
        out.put(new byte[] {1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1});
        out.put((byte) 0xFF).put((byte) 0xD9);
        return out.array();
    }

    /**
     * A CMYK JPEG as Photoshop writes it: four components, stored inverted (255 = no ink), and an Adobe APP14 segment
     * with transform 0 saying so. Every pixel is C0 M100 Y100 K0, print red. The JDK's own reader refuses these
     * ("Unsupported Image Type"); the JDK's writer stores a raster of four bands as it is, and the segment is spliced in.
     */
    static byte[] cmykJpeg(int width, int height) throws IOException {
        WritableRaster cmyk = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, width, height, 4, null);
        int[] red = {255, 0, 0, 255};
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                cmyk.setPixel(x, y, red);
            }
        }
        ImageWriter writer = jdkJpegWriter();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(cmyk, null, null), null);
        } finally {
            writer.dispose();
        }
        byte[] jpeg = bytes.toByteArray();
        ByteBuffer adobe = ByteBuffer.allocate(jpeg.length + 16);
        adobe.put(jpeg, 0, 2);
        adobe.put((byte) 0xFF).put((byte) 0xEE).putShort((short) 14).put("Adobe".getBytes(StandardCharsets.US_ASCII));
        adobe.putShort((short) 100).putShort((short) 0).putShort((short) 0).put((byte) 0);
        adobe.put(jpeg, 2, jpeg.length - 2);
        return adobe.array();
    }

    private static ImageWriter jdkJpegWriter() {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        while (writers.hasNext()) {
            ImageWriter writer = writers.next();
            if (writer.getClass().getName().startsWith("com.sun.")) {
                return writer;
            }
        }
        throw new IllegalStateException("the JDK's JPEG writer is missing");
    }
}
