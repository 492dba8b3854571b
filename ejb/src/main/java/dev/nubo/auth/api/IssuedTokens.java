package dev.nubo.auth.api;

import java.time.Instant;
import java.util.UUID;

/** The result of a login or a refresh. {@code csrfToken} must accompany cookie-authenticated writes. */
public record IssuedTokens(
        UUID userId,
        String username,
        UUID sessionId,
        String accessToken,
        Instant accessExpiresAt,
        String refreshToken,
        Instant refreshExpiresAt,
        String csrfToken) {}
