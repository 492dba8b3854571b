package dev.nubo.it.blackbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** Request bodies for storage tests: slow ones that never finish, and large generated ones that are never in memory. */
final class Bodies {
    private Bodies() {}

    /** A body of {@code length} bytes announced in Content-Length, read from a fresh stream per send. */
    static BodyPublisher fixedLength(long length, Supplier<InputStream> stream) {
        return BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(stream), length);
    }

    /**
     * Sends {@code data[from..]} in steps of {@code step} bytes with a pause before each: a slow client, slow enough
     * that a test can crash the server under it. {@link #stop()} makes the next read fail.
     */
    static final class Trickle extends InputStream {
        private final byte[] data;
        private final int from;
        private final int step;
        private final Duration pause;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicLong sent = new AtomicLong();

        Trickle(byte[] data, int from, int step, Duration pause) {
            this.data = data;
            this.from = from;
            this.step = step;
            this.pause = pause;
        }

        /** Bytes handed to the HTTP client so far. */
        long sent() {
            return sent.get();
        }

        void stop() {
            stopped.set(true);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            nap(pause);
            if (stopped.get()) {
                throw new IOException("the test stopped sending");
            }
            long done = sent.get();
            if (from + done >= data.length) {
                return -1;
            }
            int n = (int) Math.min(Math.min(len, step), data.length - from - done);
            System.arraycopy(data, from + (int) done, b, off, n);
            sent.addAndGet(n);
            return n;
        }

        private static void nap(Duration d) throws InterruptedIOException {
            try {
                Thread.sleep(d.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted");
            }
        }
    }

    /**
     * Deterministic pseudo-random content of any length, generated as it is read: byte {@code p} is
     * {@code base[p % B] ^ (p / B)} over a fixed random block of B bytes (B not a power of two, so blocks never line
     * up with buffers). {@code from} and {@code to} select a slice, for chunked sends of one content.
     */
    static final class Generated extends InputStream {
        private static final byte[] BASE = base();
        private long position;
        private final long end;

        Generated(long from, long to) {
            this.position = from;
            this.end = to;
        }

        private static byte[] base() {
            byte[] b = new byte[(1 << 20) + 7];
            new Random(20240601L).nextBytes(b);
            return b;
        }

        @Override
        public int read() {
            if (position >= end) {
                return -1;
            }
            long p = position++;
            return (BASE[(int) (p % BASE.length)] ^ (byte) (p / BASE.length)) & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= end) {
                return -1;
            }
            int n = (int) Math.min(len, end - position);
            for (int i = 0; i < n; ) {
                long p = position + i;
                int at = (int) (p % BASE.length);
                byte mask = (byte) (p / BASE.length);
                int run = Math.min(n - i, BASE.length - at);
                for (int k = 0; k < run; k++) {
                    b[off + i + k] = (byte) (BASE[at + k] ^ mask);
                }
                i += run;
            }
            position += n;
            return n;
        }

        /** The SHA-256 (hex) of the slice, computed here without any server. */
        static String sha256(long from, long to) {
            MessageDigest md = digest();
            byte[] buffer = new byte[1 << 20];
            try (Generated g = new Generated(from, to)) {
                int n;
                while ((n = g.read(buffer, 0, buffer.length)) > 0) {
                    md.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(md.digest());
        }

        @Override
        public void close() {
            // nothing to release
        }
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
