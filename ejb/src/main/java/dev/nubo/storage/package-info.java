/**
 * Blob storage: file contents, content-addressed by SHA-256 and so deduplicated across users and copies, behind
 * the {@link dev.nubo.storage.api.BlobStore} port. A blob becomes visible only complete and durable (temp file,
 * fsync, atomic rename, fsync of the directory); a failed or abandoned write leaves no visible partial file.
 * Reference counting and garbage collection of unreferenced blobs belong to the file metadata (issue 3).
 */
package dev.nubo.storage;
