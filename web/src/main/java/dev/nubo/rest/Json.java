package dev.nubo.rest;

import dev.nubo.auth.api.AppPasswordView;
import dev.nubo.auth.api.SessionView;
import dev.nubo.users.api.UserView;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** The REST API's JSON shapes (JSON-B records): requests in, responses out. */
public final class Json {
    private Json() {}

    public record LoginRequest(String username, String password, String mode) {}

    public record RefreshRequest(String refreshToken, String mode) {}

    public record PasswordChange(String currentPassword, String newPassword) {}

    public record AppPasswordRequest(String label) {}

    public record NewUserRequest(
            String username,
            String password,
            String displayName,
            String email,
            String role,
            java.math.BigDecimal quotaBytes) {}

    public record User(
            UUID id,
            String username,
            String displayName,
            String email,
            String role,
            boolean enabled,
            Long quotaBytes,
            long usedBytes,
            OffsetDateTime createdAt,
            boolean mustChangePassword) {
        static User of(UserView u) {
            return new User(
                    u.id(),
                    u.username(),
                    u.displayName(),
                    u.email(),
                    u.role().wireName(),
                    u.enabled(),
                    u.quotaBytes(),
                    u.usedBytes(),
                    u.createdAt(),
                    u.mustChangePassword());
        }
    }

    /** GET /api/setup: whether an admin still has the password the first start generated. */
    public record Setup(boolean setupPending) {}

    public record UserPage(List<User> users, long total, int offset, int limit) {}

    /** Token mode: both tokens in the body. Cookie mode: tokens in cookies, only the CSRF token here. */
    public record Session(
            String tokenType,
            String accessToken,
            long expiresIn,
            String refreshToken,
            long refreshExpiresIn,
            UUID sessionId,
            String csrfToken,
            User user) {}

    public record SessionItem(
            UUID id,
            String kind,
            OffsetDateTime createdAt,
            OffsetDateTime lastSeenAt,
            OffsetDateTime expiresAt,
            String userAgent,
            String clientAddress,
            boolean current) {
        static SessionItem of(SessionView s) {
            return new SessionItem(
                    s.id(),
                    s.kind().name().toLowerCase(Locale.ROOT),
                    s.createdAt(),
                    s.lastSeenAt(),
                    s.expiresAt(),
                    s.userAgent(),
                    s.clientAddress(),
                    s.current());
        }
    }

    public record AppPassword(
            UUID id, String label, OffsetDateTime createdAt, OffsetDateTime lastUsedAt, String password) {
        static AppPassword of(AppPasswordView a) {
            return new AppPassword(a.id(), a.label(), a.createdAt(), a.lastUsedAt(), a.secret());
        }
    }

    public record Health(String status, String version, String schemaVersion, String instance) {}

    @org.eclipse.microprofile.openapi.annotations.media.Schema(
            description = "The search index: documents in it, changes waiting to be indexed, whether a rebuild runs")
    public record SearchStatus(long documents, long pending, boolean rebuilding) {
        static SearchStatus of(dev.nubo.search.api.Search.Status s) {
            return new SearchStatus(s.documents(), s.pending(), s.rebuilding());
        }
    }
}
