package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A WebP's canvas size and EXIF block, from its chunk headers (RFC 9649 §2.5-2.7): {@code VP8X} gives the canvas of
 * an extended file, otherwise the {@code VP8 } or {@code VP8L} bitstream header gives the frame's; {@code EXIF} is read
 * when not too large. The image data itself is never read.
 *
 * <pre>
 * VP8X = flags:1 reserved:3 canvasWidthMinusOne:u24le canvasHeightMinusOne:u24le
 * VP8L = 0x2F bits:u32le                       (width - 1 = bits[0..13], height - 1 = bits[14..27])
 * VP8  = frameTag:3 0x9D 0x01 0x2A width:u16le height:u16le    (low 14 bits each)
 * </pre>
 *
 * @param width canvas or frame width
 * @param height canvas or frame height
 * @param exif the EXIF chunk's bytes (TIFF, possibly behind an {@code Exif\0\0} preamble), null when none
 * @param iccOversized whether the {@code ICCP} chunk's profile declares more bytes than the chunk holds: TwelveMonkeys
 *     allocates the declared size before reading, so such a file is refused rather than decoded
 */
record WebpHeader(int width, int height, byte[] exif, boolean iccOversized) {
    /** Empty when no chunk gave a size. */
    static Optional<WebpHeader> read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Collector collector = new Collector();
            RiffWalk.walk(channel, collector);
            return collector.width > 0 && collector.height > 0
                    ? Optional.of(
                            new WebpHeader(collector.width, collector.height, collector.exif, collector.iccOversized))
                    : Optional.empty();
        }
    }

    private static final class Collector implements RiffWalk.Visitor {
        int width;
        int height;
        boolean canvas;
        byte[] exif;
        boolean iccOversized;

        @Override
        public boolean descend(String listType) {
            return false;
        }

        @Override
        public void chunk(FileChannel channel, String id, long payload, long length) throws IOException {
            switch (id) {
                case "VP8X" -> {
                    if (length >= 10) {
                        ByteBuffer b = HeaderReads.read(channel, payload, 10, ByteOrder.LITTLE_ENDIAN)
                                .orElseThrow();
                        size(u24(b, 4) + 1, u24(b, 7) + 1);
                        canvas = true;
                    }
                }
                case "VP8L" -> {
                    if (length >= 5 && !canvas) {
                        ByteBuffer b = HeaderReads.read(channel, payload, 5, ByteOrder.LITTLE_ENDIAN)
                                .orElseThrow();
                        int bits = b.getInt(1);
                        if (b.get(0) == 0x2F) {
                            size((bits & 0x3FFF) + 1, ((bits >>> 14) & 0x3FFF) + 1);
                        }
                    }
                }
                case "VP8 " -> {
                    if (length >= 10 && !canvas) {
                        ByteBuffer b = HeaderReads.read(channel, payload, 10, ByteOrder.LITTLE_ENDIAN)
                                .orElseThrow();
                        if ((b.get(3) & 0xFF) == 0x9D && b.get(4) == 0x01 && b.get(5) == 0x2A) {
                            size(b.getShort(6) & 0x3FFF, b.getShort(8) & 0x3FFF);
                        }
                    }
                }
                case "EXIF" -> exif = HeaderReads.exif(channel, payload, length).orElse(null);
                case "ICCP" -> {
                    // an ICC profile starts with its own size, big-endian (ICC.1:2022 §7.2.2)
                    ByteBuffer b = HeaderReads.read(channel, payload, (int) Math.min(length, 4), ByteOrder.BIG_ENDIAN)
                            .orElseThrow();
                    iccOversized = b.limit() < 4 || Integer.toUnsignedLong(b.getInt(0)) > length;
                }
                default -> {
                    // ICC profile, XMP, animation frames: not needed
                }
            }
        }

        private void size(int w, int h) {
            if (width == 0) {
                width = w;
                height = h;
            }
        }

        private static int u24(ByteBuffer b, int offset) {
            return (b.get(offset) & 0xFF) | (b.get(offset + 1) & 0xFF) << 8 | (b.get(offset + 2) & 0xFF) << 16;
        }
    }
}
