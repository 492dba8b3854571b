package dev.nubo.files.api;

import dev.nubo.storage.api.ContentHash;
import java.io.IOException;
import java.io.InputStream;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/**
 * Resumable uploads: create a session for a name, size and optional SHA-256; send the bytes in chunks, each at the
 * offset the server reports; after a dropped connection ask for the offset and go on; complete to turn the bytes
 * into a file (checksum verified, quota charged, conflict mode applied). Sessions idle past a limit are removed.
 */
public interface UploadSessions {
    record Session(
            UUID id,
            long parentId,
            String name,
            long totalSize,
            long offset,
            ConflictMode conflict,
            Optional<String> sha256,
            OffsetDateTime createdAt) {}

    Session create(
            UUID caller, long parentId, NodeName name, long totalSize, Optional<ContentHash> sha256, ConflictMode mode);

    Session get(UUID caller, UUID sessionId) throws IOException;

    /**
     * Appends a chunk at {@code offset}, which must equal the bytes received so far (409 {@code offset_mismatch}
     * otherwise, with the current offset in the message); bytes past the declared size are refused. Returns the new
     * offset. A chunk cut off mid-way keeps what arrived, durably, and the offset says so.
     */
    long append(UUID caller, UUID sessionId, long offset, InputStream chunk) throws IOException;

    /**
     * Verifies the checksum and creates the file, with {@code conflict} when given, else the session's mode. A name
     * refused by the mode (409 {@code name_taken}, {@code is_a_folder}) is found before the bytes are touched and
     * keeps the session, so the client can complete again with another mode without sending them again; only a name
     * taken in the instant between that check and the commit still ends the upload, as any failed commit does.
     */
    NodeView complete(UUID caller, UUID sessionId, Optional<ConflictMode> conflict) throws IOException;

    void cancel(UUID caller, UUID sessionId) throws IOException;

    /** Removes sessions not touched for {@code idleLimit}; returns how many. */
    int removeStale(java.time.Duration idleLimit) throws IOException;
}
