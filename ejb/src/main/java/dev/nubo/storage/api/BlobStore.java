package dev.nubo.storage.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.time.Duration;
import java.util.Optional;

/**
 * The storage port. Implementations: {@code FsBlobStore} (local disk under NUBO_DATA_DIR) now; S3 and encryption at
 * rest later. Blobs are immutable once written; callers track who references them.
 */
public interface BlobStore {
    /**
     * Streams {@code content} into the store (never buffering it whole) and returns its hash and size. Content
     * already present is not stored twice. On any failure (the limit passed, a checksum mismatch, the client gone)
     * nothing becomes visible.
     *
     * @param maxBytes the most bytes accepted; more raises {@link BlobTooLargeException}
     * @param expected the SHA-256 the client announced, checked before the blob becomes visible
     */
    StoredBlob put(InputStream content, long maxBytes, Optional<ContentHash> expected) throws IOException;

    /**
     * Like {@link #put} but stops before the content becomes visible, for writes whose reference is recorded in
     * the database: see {@link StagedBlob}. The same failures leave nothing behind.
     */
    StagedBlob stage(InputStream content, long maxBytes, Optional<ContentHash> expected) throws IOException;

    /**
     * Takes over a complete local file (a finished resumable upload) as staged content: hashes it, checks
     * {@code expected}, and moves it into the store's temporary area without copying. On a mismatch the file is
     * deleted.
     */
    StagedBlob adopt(java.nio.file.Path file, Optional<ContentHash> expected) throws IOException;

    /** Where files meant for {@link #adopt} should be written, so adopting them is a rename on one filesystem. */
    java.nio.file.Path scratchDirectory(String name) throws IOException;

    /** Opens a blob for reading; a channel, so callers can transfer it to a socket without heap copies. */
    Optional<FileChannel> open(ContentHash hash) throws IOException;

    /**
     * The blob as a file on a local disk, for backends that have one (the web tier hands it to the container's
     * sendfile); empty for remote or encrypted backends, which are read through {@link #open} only.
     */
    default Optional<java.nio.file.Path> localFile(ContentHash hash) {
        return Optional.empty();
    }

    boolean exists(ContentHash hash);

    /** Size in bytes, if stored. */
    Optional<Long> size(ContentHash hash) throws IOException;

    /** Removes a blob nobody references any more; true if it existed. */
    boolean delete(ContentHash hash) throws IOException;

    /** Deletes temporary files older than {@code age}: writes abandoned by a crash. Returns how many. */
    int sweepAbandonedWrites(Duration age) throws IOException;
}
