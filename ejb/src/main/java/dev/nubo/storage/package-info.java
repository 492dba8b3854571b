/**
 * Blob storage: file contents, content-addressed by SHA-256 and so deduplicated across users and copies, behind
 * the {@link dev.nubo.storage.api.BlobStore} port. A blob becomes visible only complete and durable (temp file,
 * fsync, atomic rename, fsync of the directory); a failed or abandoned write leaves no visible partial file.
 * Writes whose reference lives in the database stage first ({@link dev.nubo.storage.api.StagedBlob}): the caller
 * locks the blob's row, publishes, and commits, so a collector working under the same lock can never delete content
 * that a committed reference points to. Reference counting and collection belong to the file metadata (issue 3).
 */
package dev.nubo.storage;
