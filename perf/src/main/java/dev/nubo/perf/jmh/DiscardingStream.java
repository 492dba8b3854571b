package dev.nubo.perf.jmh;

import java.io.OutputStream;

/** A response stream that drops what it is sent and counts the bytes, so a benchmark can hand the count back. */
final class DiscardingStream extends OutputStream {
    private long count;

    @Override
    public void write(int b) {
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        count += len;
    }

    long count() {
        return count;
    }
}
