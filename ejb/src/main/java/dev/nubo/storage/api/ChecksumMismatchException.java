package dev.nubo.storage.api;

import java.io.IOException;

/** The content's SHA-256 differs from the one the client announced; nothing was stored. */
public class ChecksumMismatchException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient ContentHash expected;
    private final transient ContentHash actual;

    public ChecksumMismatchException(ContentHash expected, ContentHash actual) {
        super("content has SHA-256 " + actual + ", expected " + expected);
        this.expected = expected;
        this.actual = actual;
    }

    public ContentHash expected() {
        return expected;
    }

    public ContentHash actual() {
        return actual;
    }
}
