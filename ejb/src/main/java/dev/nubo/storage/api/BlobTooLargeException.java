package dev.nubo.storage.api;

import java.io.IOException;

/** The content grew past the limit the caller gave (a quota, a request limit); nothing was stored. */
public class BlobTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long limit;

    public BlobTooLargeException(long limit) {
        super("content exceeds " + limit + " bytes");
        this.limit = limit;
    }

    public long limit() {
        return limit;
    }
}
