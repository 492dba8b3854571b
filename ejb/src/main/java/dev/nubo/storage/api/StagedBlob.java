package dev.nubo.storage.api;

import java.io.IOException;

/**
 * Content written durably to a temporary file and hashed, not yet visible under its hash. The caller takes the
 * database lock that decides the blob's fate (the upsert of its reference count), then {@link #publish}es it and
 * commits; {@link #close} discards the temporary file either way. A collector deleting the same content under that
 * lock can therefore never delete a blob a committed reference points to: publish re-creates a missing file.
 */
public interface StagedBlob extends AutoCloseable {
    ContentHash hash();

    long size();

    /** Makes the content visible under its hash unless it already is; true if this call created it. */
    boolean publish() throws IOException;

    @Override
    void close() throws IOException;
}
