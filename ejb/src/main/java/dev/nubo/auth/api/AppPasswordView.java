package dev.nubo.auth.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/** An app password as listed; {@code secret} is only ever set in the answer to its creation. */
public record AppPasswordView(
        UUID id, String label, OffsetDateTime createdAt, OffsetDateTime lastUsedAt, String secret) {}
