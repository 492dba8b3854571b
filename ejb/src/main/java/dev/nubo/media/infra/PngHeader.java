package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * A PNG's size and EXIF block, from its chunk headers (PNG third edition §5.3, §11.3.6 for {@code eXIf}): the walk
 * seeks from chunk to chunk and reads only {@code IHDR} and {@code eXIf}; text and profile chunks, which would have to
 * be inflated, are never touched.
 *
 * <pre>
 * png   = signature:8 chunk*        chunk = length:u32be type:4 data[length] crc:4
 * IHDR  = width:u32be height:u32be ...
 * </pre>
 *
 * @param width from IHDR
 * @param height from IHDR
 * @param exif the {@code eXIf} chunk's TIFF bytes, null when none
 */
record PngHeader(int width, int height, byte[] exif) {
    /** Chunks looked at before giving up: thousands of IDATs are normal, millions are not. */
    static final int MAX_CHUNKS = 200_000;

    private static final long SIGNATURE_LENGTH = 8;

    /** Empty when the file has no readable IHDR. */
    static Optional<PngHeader> read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long position = SIGNATURE_LENGTH;
            int width = 0;
            int height = 0;
            byte[] exif = null;
            for (int i = 0; i < MAX_CHUNKS && position + 8 <= size; i++) {
                ByteBuffer header = HeaderReads.read(channel, position, 8, ByteOrder.BIG_ENDIAN)
                        .orElse(null);
                if (header == null) {
                    break;
                }
                long length = Integer.toUnsignedLong(header.getInt(0));
                String type = HeaderReads.fourCc(header, 4);
                long data = position + 8;
                if (length > size - data) {
                    break; // a length running past the end: damaged, keep what was read
                }
                if (type.equals("IHDR") && length >= 8) {
                    ByteBuffer ihdr = HeaderReads.read(channel, data, 8, ByteOrder.BIG_ENDIAN)
                            .orElseThrow();
                    width = ihdr.getInt(0);
                    height = ihdr.getInt(4);
                } else if (type.equals("eXIf") && exif == null) {
                    exif = HeaderReads.exif(channel, data, length).orElse(null);
                } else if (type.equals("IEND")) {
                    break;
                }
                position = data + length + 4;
            }
            return width > 0 && height > 0 ? Optional.of(new PngHeader(width, height, exif)) : Optional.empty();
        }
    }
}
