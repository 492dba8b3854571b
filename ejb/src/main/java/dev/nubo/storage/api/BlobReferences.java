package dev.nubo.storage.api;

import java.time.Duration;

/**
 * Who still needs a blob, in the database ({@code blobs.ref_count}). A write records its reference in the same
 * transaction as the node that points to the blob, in this order: {@link #addReference} (which locks the blob's
 * row), {@link StagedBlob#publish}, commit. {@link #collect} deletes blobs left unreferenced past a grace period,
 * under the same row locks, so the two can interleave in any way without losing content.
 */
public interface BlobReferences {
    /**
     * Registers content about to be published, in its own committed transaction, and restarts its grace period if it
     * is unreferenced: from here until the grace period ends the collector leaves it alone, and if the write that
     * follows fails after publishing, the row is there for the collector to find — so no file is ever orphaned.
     */
    void reserve(ContentHash hash, long size);

    /** Counts one more reference, registering the blob on first use; joins the caller's transaction. */
    void addReference(ContentHash hash, long size);

    /** Counts one reference less; at zero the blob starts its grace period. */
    void dropReference(ContentHash hash);

    /** Deletes up to {@code batch} blobs unreferenced for longer than {@code grace}, rows and files; returns how many. */
    int collect(Duration grace, int batch);
}
