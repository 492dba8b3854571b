package dev.nubo.auth.api;

import java.time.OffsetDateTime;
import java.util.UUID;

public record SessionView(
        UUID id,
        SessionKind kind,
        OffsetDateTime createdAt,
        OffsetDateTime lastSeenAt,
        OffsetDateTime expiresAt,
        String userAgent,
        String clientAddress,
        boolean current) {}
