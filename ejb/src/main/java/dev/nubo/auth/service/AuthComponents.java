package dev.nubo.auth.service;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.infra.AccessTokenCodec;
import dev.nubo.auth.infra.CredentialCache;
import dev.nubo.platform.cache.Caches;
import dev.nubo.platform.security.LoginThrottle;
import dev.nubo.platform.security.ServerSecrets;
import dev.nubo.users.api.UserAccessChanged;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;

/**
 * The application-wide authentication state: the signing key, the throttle and the two credential caches (Basic
 * digests and live sessions). It reacts to {@link UserAccessChanged} after the change committed.
 */
@ApplicationScoped
public class AuthComponents {
    @Inject
    Caches caches;

    @Inject
    ServerSecrets secrets;

    @Inject
    AuthSettings settings;

    private volatile AccessTokenCodec codec;
    private LoginThrottle throttle;
    private CredentialCache basic;
    private CredentialCache sessions;
    private volatile byte[] csrfKey;

    AccessTokenCodec codec() {
        if (codec == null) {
            synchronized (this) {
                if (codec == null) {
                    codec = new AccessTokenCodec(secrets.get(ServerSecrets.JWT_KEY), Clock.systemUTC());
                }
            }
        }
        return codec;
    }

    byte[] csrfKey() {
        if (csrfKey == null) {
            csrfKey = secrets.get(ServerSecrets.CSRF_KEY);
        }
        return csrfKey;
    }

    /** The throttle and the caches need no database, so they are built once, up front: no lock per request. */
    @PostConstruct
    void init() {
        LoginThrottle.Policy account =
                new LoginThrottle.Policy(settings.lockoutThreshold(), settings.lockoutBase(), settings.lockoutMax());
        LoginThrottle.Policy address =
                new LoginThrottle.Policy(settings.addressThreshold(), settings.lockoutBase(), settings.lockoutMax());
        throttle = new LoginThrottle(
                caches.cache("auth-throttle", String.class, LoginThrottle.Failures.class, 100_000, Duration.ofHours(1)),
                account,
                address,
                Clock.systemUTC());
        basic = new CredentialCache(caches.cache(
                "auth-basic", String.class, AuthenticatedUser.class, 50_000, settings.credentialCacheTtl()));
        sessions = new CredentialCache(
                caches.cache("auth-sessions", String.class, AuthenticatedUser.class, 50_000, Duration.ofMinutes(2)));
    }

    LoginThrottle throttle() {
        return throttle;
    }

    CredentialCache basic() {
        return basic;
    }

    CredentialCache sessions() {
        return sessions;
    }

    void onAccessChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) UserAccessChanged change) {
        basic().invalidateUser(change.userId());
        sessions().invalidateUser(change.userId());
    }
}
