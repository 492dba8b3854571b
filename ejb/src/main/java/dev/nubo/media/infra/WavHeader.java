package dev.nubo.media.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The playing time of a WAV file from its RIFF header: the {@code data} chunk's size over the {@code fmt } chunk's
 * byte rate. Read here rather than by metadata-extractor because its WAV reader loads the whole {@code data} chunk into
 * memory to learn its length (and then rounds the result to whole seconds).
 *
 * <pre>
 * file  = "RIFF" size:u32le "WAVE" chunk*
 * chunk = id:4 size:u32le payload[size] pad-to-even
 * fmt   = format:u16 channels:u16 sampleRate:u32 byteRate:u32 blockAlign:u16 bitsPerSample:u16 ...
 * </pre>
 *
 * Only chunk headers and the 16 bytes of {@code fmt } are read; payloads are skipped by seeking. A {@code data} size
 * that runs past the end of the file (a recording cut short, or a streamed header with the size left at 0 or
 * 0xFFFFFFFF) counts as what is there. RF64 (over 4 GB) is not read.
 */
final class WavHeader {
    /** Chunks inspected before giving up: a real file has a handful before {@code data}. */
    static final int MAX_CHUNKS = 64;

    private WavHeader() {}

    /** Whether the first 12 bytes are {@code RIFF....WAVE}. */
    static boolean isWav(byte[] head, int length) {
        return length >= 12 && ascii(head, 0).equals("RIFF") && ascii(head, 8).equals("WAVE");
    }

    /** The duration in milliseconds; empty when the header is incomplete or says nothing usable. */
    static Optional<Long> durationMs(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long position = 12;
            long byteRate = 0;
            ByteBuffer header = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < MAX_CHUNKS && position + 8 <= size; i++) {
                if (!readFully(channel, header.clear(), position)) {
                    return Optional.empty();
                }
                String id = ascii(header.array(), 0);
                long length = Integer.toUnsignedLong(header.getInt(4));
                long payload = position + 8;
                if (id.equals("fmt ") && length >= 16) {
                    ByteBuffer fmt = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                    if (!readFully(channel, fmt, payload)) {
                        return Optional.empty();
                    }
                    byteRate = Integer.toUnsignedLong(fmt.getInt(8));
                } else if (id.equals("data")) {
                    long available = size - payload;
                    long dataBytes = length == 0 || length > available ? available : length;
                    return byteRate == 0 ? Optional.empty() : Optional.of(dataBytes * 1000 / byteRate);
                }
                position = payload + length + (length & 1);
            }
            return Optional.empty();
        }
    }

    private static boolean readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                return false;
            }
        }
        return true;
    }

    private static String ascii(byte[] bytes, int offset) {
        return new String(bytes, offset, 4, StandardCharsets.ISO_8859_1);
    }
}
