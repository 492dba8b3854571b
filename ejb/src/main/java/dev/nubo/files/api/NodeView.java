package dev.nubo.files.api;

import java.time.OffsetDateTime;

/**
 * A file or folder as every surface shows it. {@code id} is the stable numeric id sync clients keep; {@code etag}
 * changes with a file's content, and with anything beneath a folder. A folder's {@code size} is the sum of the
 * files beneath it (outside the trash); {@code contentHash} is the SHA-256 of a file's bytes, null for folders.
 */
public record NodeView(
        long id,
        Long parentId,
        String name,
        boolean folder,
        long size,
        String mimeType,
        String etag,
        OffsetDateTime createdAt,
        OffsetDateTime modifiedAt,
        String contentHash) {}
