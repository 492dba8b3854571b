package dev.nubo.auth.service;

import dev.nubo.auth.api.AppPasswordView;
import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.AuthenticatedUser.Credential;
import dev.nubo.auth.api.ClientInfo;
import dev.nubo.auth.api.IssuedTokens;
import dev.nubo.auth.api.PasswordHasher;
import dev.nubo.auth.api.SessionKind;
import dev.nubo.auth.api.SessionView;
import dev.nubo.auth.infra.AccessTokenCodec;
import dev.nubo.auth.infra.AuthStore;
import dev.nubo.auth.infra.AuthStore.Rotation;
import dev.nubo.auth.infra.Secrets;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.users.api.UserCredentials;
import dev.nubo.users.api.UserService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class AuthServiceBean implements AuthService {
    static final String WRONG_CREDENTIALS = "wrong user name or password";
    /** Keys the Basic-auth cache, so a cached entry never reveals the password even from a heap dump. */
    private static final byte[] PROCESS_KEY =
            Secrets.randomToken().getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Inject
    UserService users;

    @Inject
    PasswordHasher hasher;

    @Inject
    AuthStore store;

    @Inject
    AuthComponents components;

    @Inject
    AuthSettings settings;

    @Override
    public IssuedTokens login(String username, String password, SessionKind kind, ClientInfo client) {
        if (username == null || username.isEmpty() || password == null || password.isEmpty()) {
            throw NuboException.invalid("username and password are required");
        }
        requireNotThrottled(username, client);
        Optional<UserCredentials> user = checkPassword(username, password);
        if (user.isEmpty()) {
            components.throttle().failed(username, client.address());
            throw NuboException.unauthenticated("invalid_credentials", WRONG_CREDENTIALS);
        }
        components.throttle().succeeded(username);
        return issue(user.get().id(), user.get().username(), kind, client);
    }

    @Override
    public IssuedTokens refresh(String refreshToken, ClientInfo client) {
        if (refreshToken == null || refreshToken.isEmpty() || refreshToken.length() > 128) {
            throw NuboException.unauthenticated("invalid_refresh_token", "refresh token missing or malformed");
        }
        String next = Secrets.randomToken();
        Rotation r = store.rotate(Secrets.sha256(refreshToken), Secrets.sha256(next), settings.sessionTtl());
        switch (r.outcome()) {
            case ROTATED -> {
                Instant now = Instant.now();
                String access = components.codec().sign(r.userId(), r.sessionId(), settings.accessTokenTtl());
                return new IssuedTokens(
                        r.userId(),
                        r.username(),
                        r.sessionId(),
                        access,
                        now.plus(settings.accessTokenTtl()),
                        next,
                        now.plus(settings.sessionTtl()),
                        csrfToken(r.sessionId()));
            }
            case REUSED -> {
                components.sessions().invalidate(r.sessionId().toString());
                throw NuboException.unauthenticated(
                        "refresh_token_reused", "this refresh token was already used; its session has been revoked");
            }
            case INACTIVE ->
                throw NuboException.unauthenticated("session_expired", "the session has ended; sign in again");
            default -> throw NuboException.unauthenticated("invalid_refresh_token", "unknown refresh token");
        }
    }

    @Override
    public void logout(UUID sessionId) {
        store.revokeSession(sessionId, null, "logout");
        components.sessions().invalidate(sessionId.toString());
    }

    @Override
    public AuthenticatedUser authenticateAccessToken(String token) {
        AccessTokenCodec.Claims claims = components
                .codec()
                .verify(token)
                .orElseThrow(() -> NuboException.unauthenticated("invalid_token", "invalid or expired access token"));
        String key = claims.sessionId().toString();
        Optional<AuthenticatedUser> user = components.sessions().get(key);
        if (user.isEmpty()) {
            user = components.sessions().load(key, () -> store.activeSession(claims.sessionId()));
        }
        return user.filter(u -> u.userId().equals(claims.userId()))
                .orElseThrow(
                        () -> NuboException.unauthenticated("session_revoked", "the session has ended; sign in again"));
    }

    @Override
    public boolean csrfValid(UUID sessionId, String csrfToken) {
        return sessionId != null && Secrets.constantTimeEquals(csrfToken(sessionId), csrfToken);
    }

    @Override
    public AuthenticatedUser authenticateBasic(String username, String password, ClientInfo client) {
        if (username == null || username.isEmpty() || password == null || password.isEmpty()) {
            throw NuboException.unauthenticated("invalid_credentials", WRONG_CREDENTIALS);
        }
        String key = Secrets.hmac(PROCESS_KEY, username.toLowerCase(Locale.ROOT) + '\0' + password);
        Optional<AuthenticatedUser> cached = components.basic().get(key);
        if (cached.isPresent()) {
            return cached.get();
        }
        requireNotThrottled(username, client);
        Optional<AuthenticatedUser> verified = components.basic().load(key, () -> verifyBasic(username, password));
        if (verified.isEmpty()) {
            if (Secrets.looksLikeAppPassword(password)) {
                // a sync client still retrying a revoked app password must not lock its owner out; guessing a
                // 124-bit secret is hopeless anyway, and the address is still throttled
                components.throttle().failedFromAddress(client.address());
            } else {
                components.throttle().failed(username, client.address());
            }
            throw NuboException.unauthenticated("invalid_credentials", WRONG_CREDENTIALS);
        }
        components.throttle().succeeded(username);
        return verified.get();
    }

    @Override
    public List<SessionView> sessions(AuthenticatedUser who) {
        return store.sessions(who.userId(), who.sessionId());
    }

    @Override
    public void revokeSession(AuthenticatedUser who, UUID sessionId) {
        if (!store.revokeSession(sessionId, who.userId(), "revoked")) {
            throw NuboException.notFound("session");
        }
        components.sessions().invalidate(sessionId.toString());
    }

    @Override
    public void changePassword(AuthenticatedUser who, String currentPassword, String newPassword) {
        if (currentPassword == null || newPassword == null) {
            throw NuboException.invalid("currentPassword and newPassword are required");
        }
        UserCredentials user = users.credentials(who.userId()).orElseThrow(() -> NuboException.notFound("user"));
        if (!hasher.verify(currentPassword, user.passwordHash())) {
            components.throttle().failed(user.username(), "password-change");
            throw new NuboException(ErrorKind.FORBIDDEN, "wrong_password", "the current password is wrong");
        }
        users.setPassword(who.userId(), newPassword);
        store.revokeOtherSessions(who.userId(), who.sessionId(), "password_changed");
        components.sessions().invalidateUser(who.userId());
        components.basic().invalidateUser(who.userId());
    }

    @Override
    public AppPasswordView createAppPassword(AuthenticatedUser who, String label) {
        if (who.credential() == Credential.BASIC_APP_PASSWORD) {
            throw NuboException.forbidden("an app password cannot create app passwords");
        }
        String name = label == null ? "" : label.strip();
        if (name.isEmpty() || name.length() > 128 || name.chars().anyMatch(Character::isISOControl)) {
            throw NuboException.invalid("label must be 1-128 characters, without control characters");
        }
        String secret = Secrets.appPassword();
        AppPasswordView created = store.insertAppPassword(who.userId(), name, Secrets.sha256(secret));
        return new AppPasswordView(created.id(), created.label(), created.createdAt(), null, secret);
    }

    @Override
    public List<AppPasswordView> appPasswords(AuthenticatedUser who) {
        return store.appPasswords(who.userId());
    }

    @Override
    public void revokeAppPassword(AuthenticatedUser who, UUID appPasswordId) {
        if (!store.revokeAppPassword(who.userId(), appPasswordId)) {
            throw NuboException.notFound("app password");
        }
        components.basic().invalidateUser(who.userId());
    }

    private IssuedTokens issue(UUID userId, String username, SessionKind kind, ClientInfo client) {
        String refresh = Secrets.randomToken();
        UUID sessionId = store.createSession(userId, kind, client, settings.sessionTtl(), Secrets.sha256(refresh));
        Instant now = Instant.now();
        Duration ttl = settings.accessTokenTtl();
        String access = components.codec().sign(userId, sessionId, ttl);
        return new IssuedTokens(
                userId,
                username,
                sessionId,
                access,
                now.plus(ttl),
                refresh,
                now.plus(settings.sessionTtl()),
                csrfToken(sessionId));
    }

    private String csrfToken(UUID sessionId) {
        return Secrets.hmac(components.csrfKey(), "csrf:" + sessionId);
    }

    private void requireNotThrottled(String username, ClientInfo client) {
        Optional<Duration> wait = components.throttle().retryAfter(username, client.address());
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            throw new NuboException(
                    ErrorKind.THROTTLED,
                    "too_many_attempts",
                    "too many failed sign-ins; try again in " + seconds + " seconds",
                    Duration.ofSeconds(seconds));
        }
    }

    /** The same work (one Argon2 verification) whether or not the user exists. */
    private Optional<UserCredentials> checkPassword(String username, String password) {
        Optional<UserCredentials> user = users.credentialsByUsername(username);
        if (user.isEmpty()) {
            hasher.verifyDummy(password);
            return Optional.empty();
        }
        UserCredentials u = user.get();
        if (!hasher.verify(password, u.passwordHash()) || !u.enabled()) {
            return Optional.empty();
        }
        if (hasher.needsRehash(u.passwordHash())) {
            users.replacePasswordHash(u.id(), hasher.hash(password), false);
        }
        return user;
    }

    private Optional<AuthenticatedUser> verifyBasic(String username, String password) {
        if (Secrets.looksLikeAppPassword(password)) {
            Optional<AuthenticatedUser> app = store.byAppPassword(username, Secrets.sha256(password));
            if (app.isPresent()) {
                return app;
            }
        }
        return checkPassword(username, password)
                .map(u -> new AuthenticatedUser(u.id(), u.username(), u.role(), Credential.BASIC_PASSWORD, null, null));
    }
}
