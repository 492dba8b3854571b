package dev.nubo.collections.api;

import java.time.Instant;

/** A member of a collection; {@code data} is null when the query did not ask for the bytes. */
public record StoredObject(
        long id,
        String name,
        String uid,
        String etag,
        String contentType,
        long size,
        Instant modifiedAt,
        long syncSeq,
        byte[] data) {}
