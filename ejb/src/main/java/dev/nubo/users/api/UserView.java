package dev.nubo.users.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A user as every surface may show it; {@code quotaBytes} is null when storage is unlimited; {@code
 * mustChangePassword} while the account still has a password it was given at the first start.
 */
public record UserView(
        UUID id,
        String username,
        String displayName,
        String email,
        Role role,
        boolean enabled,
        Long quotaBytes,
        long usedBytes,
        OffsetDateTime createdAt,
        boolean mustChangePassword) {}
