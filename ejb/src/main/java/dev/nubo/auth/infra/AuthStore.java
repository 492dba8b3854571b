package dev.nubo.auth.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.auth.api.AppPasswordView;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.AuthenticatedUser.Credential;
import dev.nubo.auth.api.ClientInfo;
import dev.nubo.auth.api.SessionKind;
import dev.nubo.auth.api.SessionView;
import dev.nubo.users.api.Role;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Sessions, refresh tokens and app passwords in SQL. Each public method is one transaction, and every statement
 * that decides something (rotation, revocation) is a single conditional UPDATE, so concurrent requests cannot
 * both win.
 */
@ApplicationScoped
@Transactional
public class AuthStore {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    public enum Outcome {
        ROTATED,
        REUSED,
        INACTIVE,
        UNKNOWN
    }

    public record Rotation(Outcome outcome, UUID sessionId, UUID userId, String username) {}

    public UUID createSession(UUID userId, SessionKind kind, ClientInfo client, Duration lifetime, byte[] refreshHash) {
        UUID id = UUID.randomUUID();
        em.createNativeQuery("INSERT INTO auth_sessions (id, user_id, kind, user_agent, client_address, expires_at)"
                        + " VALUES (?1, ?2, ?3, ?4, ?5, now() + ?6 * interval '1 second')")
                .setParameter(1, id)
                .setParameter(2, userId)
                .setParameter(3, kind.name().toLowerCase(Locale.ROOT))
                .setParameter(4, client.userAgent())
                .setParameter(5, client.address())
                .setParameter(6, lifetime.toSeconds())
                .executeUpdate();
        insertRefresh(id, refreshHash);
        return id;
    }

    /** Exchanges a refresh token for a new one in the same session (sliding its expiry), or says why not. */
    public Rotation rotate(byte[] presented, byte[] replacement, Duration lifetime) {
        @SuppressWarnings("unchecked")
        List<Object> rotated = em.createNativeQuery(
                        "UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = ?1 AND rotated_at IS NULL"
                                + " RETURNING session_id")
                .setParameter(1, presented)
                .getResultList();
        if (rotated.isEmpty()) {
            @SuppressWarnings("unchecked")
            List<Object> known = em.createNativeQuery("SELECT session_id FROM refresh_tokens WHERE token_hash = ?1")
                    .setParameter(1, presented)
                    .getResultList();
            if (known.isEmpty()) {
                return new Rotation(Outcome.UNKNOWN, null, null, null);
            }
            UUID sessionId = (UUID) known.get(0);
            revokeSession(sessionId, null, "refresh_reuse");
            return new Rotation(Outcome.REUSED, sessionId, null, null);
        }
        UUID sessionId = (UUID) rotated.get(0);
        @SuppressWarnings("unchecked")
        List<Object[]> active = em.createNativeQuery(
                        "UPDATE auth_sessions s SET last_seen_at = now(), expires_at = now() + ?2 * interval '1 second'"
                                + " FROM users u WHERE s.id = ?1 AND u.id = s.user_id AND s.revoked_at IS NULL"
                                + " AND s.expires_at > now() AND u.enabled RETURNING s.user_id, u.username")
                .setParameter(1, sessionId)
                .setParameter(2, lifetime.toSeconds())
                .getResultList();
        if (active.isEmpty()) {
            return new Rotation(Outcome.INACTIVE, sessionId, null, null);
        }
        insertRefresh(sessionId, replacement);
        return new Rotation(Outcome.ROTATED, sessionId, (UUID) active.get(0)[0], (String) active.get(0)[1]);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<AuthenticatedUser> activeSession(UUID sessionId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT u.id, u.username, u.role, s.kind FROM auth_sessions s JOIN users u ON u.id = s.user_id"
                                + " WHERE s.id = ?1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.enabled")
                .setParameter(1, sessionId)
                .getResultList();
        return rows.stream()
                .findFirst()
                .map(r -> new AuthenticatedUser(
                        (UUID) r[0],
                        (String) r[1],
                        Role.parse((String) r[2]),
                        "cookie".equals(r[3]) ? Credential.COOKIE : Credential.ACCESS_TOKEN,
                        sessionId,
                        null));
    }

    /** Revokes a live session; with a user id, only if it is that user's. */
    public boolean revokeSession(UUID sessionId, UUID userId, String reason) {
        return em.createNativeQuery(
                                "UPDATE auth_sessions SET revoked_at = now(), revoke_reason = ?3"
                                        + " WHERE id = ?1 AND (CAST(?2 AS uuid) IS NULL OR user_id = CAST(?2 AS uuid)) AND revoked_at IS NULL")
                        .setParameter(1, sessionId)
                        .setParameter(2, userId)
                        .setParameter(3, reason)
                        .executeUpdate()
                == 1;
    }

    public int revokeOtherSessions(UUID userId, UUID keep, String reason) {
        return em.createNativeQuery(
                        "UPDATE auth_sessions SET revoked_at = now(), revoke_reason = ?3"
                                + " WHERE user_id = ?1 AND (CAST(?2 AS uuid) IS NULL OR id <> CAST(?2 AS uuid)) AND revoked_at IS NULL")
                .setParameter(1, userId)
                .setParameter(2, keep)
                .setParameter(3, reason)
                .executeUpdate();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SessionView> sessions(UUID userId, UUID current) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT id, kind, created_at, last_seen_at, expires_at, user_agent, client_address FROM auth_sessions"
                                + " WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC")
                .setParameter(1, userId)
                .getResultList();
        return rows.stream()
                .map(r -> new SessionView(
                        (UUID) r[0],
                        SessionKind.valueOf(((String) r[1]).toUpperCase(Locale.ROOT)),
                        time(r[2]),
                        time(r[3]),
                        time(r[4]),
                        (String) r[5],
                        (String) r[6],
                        r[0].equals(current)))
                .toList();
    }

    public AppPasswordView insertAppPassword(UUID userId, String label, byte[] secretHash) {
        UUID id = UUID.randomUUID();
        Object created = em.createNativeQuery(
                        "INSERT INTO app_passwords (id, user_id, label, secret_hash) VALUES (?1, ?2, ?3, ?4) RETURNING created_at")
                .setParameter(1, id)
                .setParameter(2, userId)
                .setParameter(3, label)
                .setParameter(4, secretHash)
                .getSingleResult();
        return new AppPasswordView(id, label, time(created), null, null);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AppPasswordView> appPasswords(UUID userId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT id, label, created_at, last_used_at FROM app_passwords"
                        + " WHERE user_id = ?1 AND revoked_at IS NULL ORDER BY created_at")
                .setParameter(1, userId)
                .getResultList();
        return rows.stream()
                .map(r -> new AppPasswordView((UUID) r[0], (String) r[1], time(r[2]), time(r[3]), null))
                .toList();
    }

    public boolean revokeAppPassword(UUID userId, UUID id) {
        return em.createNativeQuery(
                                "UPDATE app_passwords SET revoked_at = now() WHERE id = ?1 AND user_id = ?2 AND revoked_at IS NULL")
                        .setParameter(1, id)
                        .setParameter(2, userId)
                        .executeUpdate()
                == 1;
    }

    /** The enabled user an app password belongs to, if it is live and the user name matches. */
    public Optional<AuthenticatedUser> byAppPassword(String username, byte[] secretHash) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("UPDATE app_passwords a SET last_used_at = now() FROM users u"
                        + " WHERE a.secret_hash = ?1 AND a.revoked_at IS NULL AND u.id = a.user_id AND u.enabled"
                        + " AND lower(u.username) = lower(?2) RETURNING u.id, u.username, u.role, a.id")
                .setParameter(1, secretHash)
                .setParameter(2, username)
                .getResultList();
        return rows.stream()
                .findFirst()
                .map(r -> new AuthenticatedUser(
                        (UUID) r[0],
                        (String) r[1],
                        Role.parse((String) r[2]),
                        Credential.BASIC_APP_PASSWORD,
                        null,
                        (UUID) r[3]));
    }

    private void insertRefresh(UUID sessionId, byte[] hash) {
        em.createNativeQuery("INSERT INTO refresh_tokens (token_hash, session_id) VALUES (?1, ?2)")
                .setParameter(1, hash)
                .setParameter(2, sessionId)
                .executeUpdate();
    }
}
