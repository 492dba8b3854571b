package dev.nubo.links.api;

import java.time.Instant;
import java.util.UUID;

/**
 * A link as its owner (or a manager of the item) sees it. {@code token} is shown again (the URL is
 * {@code {base}/s/{token}}); the password never is, only whether there is one. {@code parentId} and {@code mimeType}
 * are the item's, for listings that show or filter by them without reading each item again.
 */
public record LinkView(
        long id,
        String token,
        long nodeId,
        String nodeName,
        boolean folder,
        LinkPermission permission,
        boolean passwordProtected,
        Instant expiresAt,
        Integer downloadLimit,
        int downloadCount,
        String label,
        UUID ownerId,
        UUID createdBy,
        Instant createdAt,
        Long parentId,
        String mimeType) {}
