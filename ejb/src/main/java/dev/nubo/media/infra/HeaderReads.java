package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Positioned, bounded reads for the header readers of this package. They never allocate what a file declares, only
 * the few bytes they ask for, so a length field that lies costs nothing: metadata-extractor's stream readers, by
 * contrast, allocate a box's or chunk's declared size before reading it (a 116-byte MP4 declaring a 2 GB
 * {@code mvhd} makes them allocate 2 GB) and inflate PNG text chunks without limit.
 */
final class HeaderReads {
    /** The largest EXIF block read from PNG or WebP: a JPEG's can hold at most 64 KB, this leaves room. */
    static final int MAX_EXIF_BYTES = 1 << 20;

    private HeaderReads() {}

    /** {@code length} bytes at {@code position}; empty when the file ends before. */
    static Optional<ByteBuffer> read(FileChannel channel, long position, int length, ByteOrder order)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(order);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                return Optional.empty();
            }
        }
        return Optional.of(buffer.flip());
    }

    /** Four bytes at {@code offset} as ISO-8859-1 text: a chunk or box type. */
    static String fourCc(ByteBuffer buffer, int offset) {
        byte[] bytes = new byte[4];
        buffer.get(offset, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** An EXIF block of {@code length} bytes at {@code position}, when not larger than {@link #MAX_EXIF_BYTES}. */
    static Optional<byte[]> exif(FileChannel channel, long position, long length) throws IOException {
        if (length <= 0 || length > MAX_EXIF_BYTES) {
            return Optional.empty();
        }
        return read(channel, position, (int) length, ByteOrder.BIG_ENDIAN).map(ByteBuffer::array);
    }
}
