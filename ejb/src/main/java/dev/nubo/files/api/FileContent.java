package dev.nubo.files.api;

import dev.nubo.storage.api.ContentHash;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * File bytes in and out. Writes stream the body into the blob store before any transaction starts, then record the
 * node, the blob reference and the quota charge in one short transaction; a failure at any point (a client gone
 * mid-body, a checksum or length mismatch, the quota) leaves nothing behind.
 */
public interface FileContent {
    /**
     * What an upload is: where it goes, what to do if the name is taken, and what the client promised — its length
     * (a body that ends early or runs long is refused with 400 {@code length_mismatch}), its SHA-256, its mtime.
     */
    record Upload(
            UUID caller,
            long parentId,
            NodeName name,
            ConflictMode conflict,
            Optional<Long> declaredLength,
            Optional<ContentHash> sha256,
            Optional<Instant> modifiedAt) {}

    /** 507 {@code quota_exceeded}, 409 {@code name_taken} / {@code is_a_folder}, 400 {@code checksum_mismatch}. */
    NodeView upload(Upload upload, InputStream body) throws IOException;

    /**
     * Replaces a file's content; {@code ifMatch} (an etag) makes it conditional, 412 {@code etag_mismatch} when the
     * file changed meanwhile.
     */
    NodeView replace(
            UUID caller,
            long fileId,
            Optional<String> ifMatch,
            Optional<Long> declaredLength,
            Optional<ContentHash> sha256,
            InputStream body)
            throws IOException;

    /** As the other replace, also setting the file's modification time to what the client says it is. */
    NodeView replace(
            UUID caller,
            long fileId,
            Optional<String> ifMatch,
            Optional<Long> declaredLength,
            Optional<ContentHash> sha256,
            Optional<Instant> modifiedAt,
            InputStream body)
            throws IOException;

    /**
     * A file to read: its metadata, an open channel positioned at 0 (the caller closes it) and, when the blob store
     * keeps it on a local disk, that file (for zero-copy transfer; it stays readable while the channel is open).
     */
    record Opened(NodeView node, FileChannel channel, Optional<java.nio.file.Path> localFile) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Opens a file for download and records it as recently opened. 409 {@code is_a_folder} for a folder. */
    Opened open(UUID caller, long fileId) throws IOException;

    /**
     * Opens a file for reading; {@code recordRecent} false for sync clients (WebDAV, Nextcloud), whose reads are
     * not the user opening a file and would cost a database write each.
     */
    Opened open(UUID caller, long fileId, boolean recordRecent) throws IOException;

    /**
     * Opens a file that {@link FileTree#resolve} found for {@code caller} in this request, without reading its row
     * again: resolving a path already applied the caller's access. Records nothing as recently opened (the path
     * surfaces are sync clients). 409 {@code is_a_folder} for a folder.
     */
    Opened open(UUID caller, FileTree.Resolved resolved) throws IOException;

    /** One entry of an archive: the path inside it ("Docs/a.txt", folders end in "/") and, for files, the blob. */
    record ArchiveEntry(String path, boolean folder, long size, Optional<ContentHash> blob, Instant modifiedAt) {}

    /** Everything beneath the given nodes (one statement), in an order where a folder precedes its contents. */
    List<ArchiveEntry> archiveEntries(UUID caller, List<Long> nodeIds);

    Optional<FileChannel> openBlob(ContentHash hash) throws IOException;
}
