/**
 * Blob storage: file contents, content-addressed by SHA-256 and so deduplicated across users and copies, behind
 * the {@link dev.nubo.storage.api.BlobStore} port. A blob becomes visible only complete and durable (temp file,
 * fsync, atomic rename, fsync of the directory); a failed or abandoned write leaves no visible partial file.
 * Writes whose reference lives in the database stage first ({@link dev.nubo.storage.api.StagedBlob}): the caller
 * locks the blob's row, publishes, and commits, so a collector working under the same lock can never delete content
 * that a committed reference points to. Reference counting and collection belong to the file metadata (issue 3).
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.storage;
