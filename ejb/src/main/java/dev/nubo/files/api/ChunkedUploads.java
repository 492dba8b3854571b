package dev.nubo.files.api;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The Nextcloud clients' chunked uploads (chunking v2, and the "NG" v1 its clients still speak): a transfer is a
 * folder of the caller's that the client names, holding numbered chunks. The chunks are kept apart from the file
 * tree, each written to a temporary file, fsync'ed and renamed, so a transfer survives a dropped connection and the
 * client resumes by listing what arrived. Assembling streams the chunks in numeric order into one write of the
 * files service, so the new file is checked, deduplicated and committed like any other upload. Transfers idle past
 * a limit are removed.
 */
public interface ChunkedUploads {
    /** A chunk that arrived: its name as the client gave it (digits), its size and when it was written. */
    record Chunk(String name, long size, Instant writtenAt) {}

    /** A transfer: its id and when a chunk last arrived (or it was created). */
    record Transfer(String id, Instant touchedAt) {}

    /**
     * Creates a transfer. {@code totalLength} (OC-Total-Length) is checked against the caller's quota now, so a
     * file that cannot fit is refused before any byte is sent (507). 405 when the transfer exists already.
     */
    void create(UUID caller, String transferId, Optional<Long> totalLength);

    /** Whether the transfer exists. */
    boolean exists(UUID caller, String transferId);

    /** The caller's transfers. */
    List<Transfer> transfers(UUID caller) throws IOException;

    /**
     * Stores a chunk, replacing one of the same name (a retried chunk). Refused with 507 when the chunks, or the
     * {@code totalLength} the client announces, exceed the caller's quota; a body cut off mid-way leaves the chunk
     * absent, never half-written.
     */
    Chunk putChunk(
            UUID caller,
            String transferId,
            String chunkName,
            InputStream body,
            Optional<Long> declaredLength,
            Optional<Long> totalLength)
            throws IOException;

    /** The chunks, in the order they are assembled (numeric); 404 when the transfer does not exist. */
    List<Chunk> chunks(UUID caller, String transferId) throws IOException;

    /**
     * The transfer's bytes, the chunks in numeric order, streamed from disk. 400 {@code length_mismatch} when
     * {@code totalLength} is given and the chunks add up to something else.
     */
    Assembly assemble(UUID caller, String transferId, Optional<Long> totalLength) throws IOException;

    /** The assembled bytes and their length; closing releases the chunk files (not the transfer). */
    record Assembly(InputStream body, long length) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    /** Removes a transfer and its chunks (after assembly, or when the client gives up). */
    void delete(UUID caller, String transferId) throws IOException;

    /** Removes transfers whose last chunk is older than {@code idleLimit}; returns how many. */
    int removeStale(Duration idleLimit) throws IOException;
}
