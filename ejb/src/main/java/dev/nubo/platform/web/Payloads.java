package dev.nubo.platform.web;

import dev.nubo.platform.api.NuboException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/** Request and response bodies as every surface handles them: bounded reads, strict UTF-8, buffered file copies. */
public final class Payloads {
    /** The buffer of a copy from a file channel when the container offers no zero-copy path. */
    public static final int CHUNK = 256 * 1024;

    private Payloads() {}

    /** Decodes UTF-8 strictly: malformed input is a 400 naming {@code what}, never replaced by U+FFFD. */
    public static String strictUtf8(byte[] bytes, String what) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw NuboException.invalid("the " + what + " is not valid UTF-8");
        }
    }

    /** A stream that throws {@code tooLarge} as soon as more than {@code limit} bytes have been read. */
    public static InputStream bounded(InputStream in, long limit, Supplier<NuboException> tooLarge) {
        return new FilterInputStream(in) {
            private long left = limit;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0 && --left < 0) {
                    throw tooLarge.get();
                }
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) {
                    left -= n;
                    if (left < 0) {
                        throw tooLarge.get();
                    }
                }
                return n;
            }
        };
    }

    /** Copies {@code count} bytes of a file from {@code position} through one heap buffer of at most CHUNK. */
    public static void copy(FileChannel channel, long position, long count, OutputStream out) throws IOException {
        if (count <= 0) {
            return;
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(CHUNK, count));
        long left = count;
        long pos = position;
        while (left > 0) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), left));
            int n = channel.read(buffer, pos);
            if (n < 0) {
                throw new IOException("the blob ended early");
            }
            out.write(buffer.array(), 0, n);
            pos += n;
            left -= n;
        }
    }
}
