package dev.nubo.share.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A grant as its owner and managers see it ("shared by me", the shares of an item). */
public record GrantView(
        long id,
        long nodeId,
        Long parentId,
        String nodeName,
        boolean folder,
        UUID ownerId,
        Grantee grantee,
        ShareRole role,
        UUID grantedBy,
        OffsetDateTime createdAt,
        OffsetDateTime expiresAt) {}
