package dev.nubo.search.infra;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;

/**
 * Text collected up to a number of characters and no further, so that a huge file costs at most that much heap.
 * As a {@link Writer} it fails with {@link Full} once full, the only way to stop a writer-driven producer (PDFBox's
 * text stripper) early.
 */
final class BoundedText extends Writer {
    private final StringBuilder text;
    private final int maxChars;

    BoundedText(int maxChars) {
        this.maxChars = maxChars;
        this.text = new StringBuilder(Math.min(maxChars, 64 * 1024));
    }

    /** Thrown by {@link #write} when the text is full: not a failure, the producer's signal to stop. */
    static final class Full extends IOException {
        Full() {
            super("enough text");
        }

        /** No stack trace: this is control flow, thrown once per long document. */
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** Reads {@code reader} until it ends or {@code maxChars} characters are in. */
    static String read(Reader reader, int maxChars) throws IOException {
        BoundedText bounded = new BoundedText(maxChars);
        char[] buffer = new char[8192];
        for (int read; (read = reader.read(buffer)) != -1; ) {
            if (!bounded.add(buffer, 0, read)) {
                break;
            }
        }
        return bounded.text();
    }

    /** Adds what fits; false when the text is full. */
    boolean add(char[] chars, int offset, int length) {
        int room = maxChars - text.length();
        text.append(chars, offset, Math.min(room, length));
        return length < room;
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        if (!add(chars, offset, length)) {
            throw new Full();
        }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    /** The text, without a high surrogate the limit may have cut from its pair. */
    String text() {
        int length = text.length();
        if (length > 0 && Character.isHighSurrogate(text.charAt(length - 1))) {
            length--;
        }
        return text.substring(0, length);
    }
}
