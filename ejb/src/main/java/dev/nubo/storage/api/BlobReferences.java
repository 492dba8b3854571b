package dev.nubo.storage.api;

import java.time.Duration;

/**
 * Who still needs a blob, in the database ({@code blobs.ref_count}). A reference is counted before the blob is
 * published ({@link StagedBlob#publish}) and before the node that points to it commits: uploads count it with their
 * quota hold (the {@code write_hold} SQL function, docs/write-path.md), copies in their own transaction.
 * {@link #collect} deletes blobs left unreferenced past a grace period, under the blob rows' locks, so the two can
 * interleave in any way without losing content.
 */
public interface BlobReferences {
    /** Counts one more reference, registering the blob on first use; joins the caller's transaction. */
    void addReference(ContentHash hash, long size);

    /** Counts one reference less; at zero the blob starts its grace period. */
    void dropReference(ContentHash hash);

    /** Deletes up to {@code batch} blobs unreferenced for longer than {@code grace}, rows and files; returns how many. */
    int collect(Duration grace, int batch);
}
