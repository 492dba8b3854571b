package dev.nubo.dav.core;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A buffered stream without locks, between a StAX writer and the container's response stream: it gathers the
 * writer's small chunks into writes of its own size, and unlike {@link java.io.BufferedOutputStream} takes no monitor
 * per call. One sink belongs to one response and one thread.
 */
public final class ByteSink extends OutputStream {
    private final OutputStream out;
    private final byte[] buf;
    private int count;

    public ByteSink(OutputStream out, int size) {
        this.out = out;
        this.buf = new byte[size];
    }

    @Override
    public void write(int b) throws IOException {
        if (count == buf.length) {
            drain();
        }
        buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len >= buf.length) {
            drain();
            out.write(b, off, len);
            return;
        }
        if (len > buf.length - count) {
            drain();
        }
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    /**
     * Writes text that is printable ASCII without XML markup characters ({@code <}, {@code >}, {@code &}) as its bytes
     * and answers true; for any other text (or text longer than the buffer) writes nothing and answers false, and the
     * caller has it escaped and encoded.
     */
    public boolean writePlainAscii(String text) throws IOException {
        int len = text.length();
        if (len > buf.length) {
            return false;
        }
        if (len > buf.length - count) {
            drain();
        }
        for (int i = 0; i < len; i++) {
            char c = text.charAt(i);
            if (!plainAscii(c)) {
                return false;
            }
            buf[count + i] = (byte) c;
        }
        count += len;
        return true;
    }

    /** Printable ASCII other than the XML markup characters: what {@link #writePlainAscii} copies as is. */
    public static boolean plainAscii(char c) {
        return c >= 0x20 && c <= 0x7e && c != '<' && c != '>' && c != '&';
    }

    private void drain() throws IOException {
        if (count > 0) {
            out.write(buf, 0, count);
            count = 0;
        }
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            drain();
        } finally {
            out.close();
        }
    }
}
