package dev.nubo.auth.api;

import java.util.List;
import java.util.UUID;

/**
 * Sign-in and the credentials every surface accepts: JWT access tokens with rotating refresh tokens, browser
 * cookies with CSRF tokens, and HTTP Basic with the account password or an app password.
 */
public interface AuthService {
    IssuedTokens login(String username, String password, SessionKind kind, ClientInfo client);

    /** Exchanges a refresh token; presenting an already exchanged one revokes its whole session. */
    IssuedTokens refresh(String refreshToken, ClientInfo client);

    void logout(UUID sessionId);

    AuthenticatedUser authenticateAccessToken(String token);

    /** True when {@code csrfToken} is the one issued for the session. */
    boolean csrfValid(UUID sessionId, String csrfToken);

    AuthenticatedUser authenticateBasic(String username, String password, ClientInfo client);

    List<SessionView> sessions(AuthenticatedUser who);

    void revokeSession(AuthenticatedUser who, UUID sessionId);

    /** Changes the account password and revokes every other session of the user. */
    void changePassword(AuthenticatedUser who, String currentPassword, String newPassword);

    AppPasswordView createAppPassword(AuthenticatedUser who, String label);

    List<AppPasswordView> appPasswords(AuthenticatedUser who);

    void revokeAppPassword(AuthenticatedUser who, UUID appPasswordId);
}
