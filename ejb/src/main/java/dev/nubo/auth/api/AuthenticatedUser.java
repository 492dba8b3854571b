package dev.nubo.auth.api;

import dev.nubo.users.api.Role;
import java.util.UUID;

/**
 * Who a request acts for and how that was proven. {@code sessionId} is set for token and cookie sign-ins,
 * {@code appPasswordId} for Basic with an app password.
 */
public record AuthenticatedUser(
        UUID userId, String username, Role role, Credential credential, UUID sessionId, UUID appPasswordId) {

    public enum Credential {
        ACCESS_TOKEN,
        COOKIE,
        BASIC_PASSWORD,
        BASIC_APP_PASSWORD
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    public AuthenticatedUser via(Credential other) {
        return new AuthenticatedUser(userId, username, role, other, sessionId, appPasswordId);
    }
}
