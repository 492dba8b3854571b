package dev.nubo.auth.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@code nubo.auth.*}: token lifetimes, throttling, the Basic-auth cache. */
@ApplicationScoped
public class AuthSettings {
    @Inject
    @ConfigProperty(name = "nubo.auth.access-token-ttl", defaultValue = "PT10M")
    Duration accessTokenTtl;

    @Inject
    @ConfigProperty(name = "nubo.auth.session-ttl", defaultValue = "P30D")
    Duration sessionTtl;

    @Inject
    @ConfigProperty(name = "nubo.auth.lockout.threshold", defaultValue = "5")
    int lockoutThreshold;

    @Inject
    @ConfigProperty(name = "nubo.auth.lockout.base", defaultValue = "PT15S")
    Duration lockoutBase;

    @Inject
    @ConfigProperty(name = "nubo.auth.lockout.max", defaultValue = "PT15M")
    Duration lockoutMax;

    @Inject
    @ConfigProperty(name = "nubo.auth.address-throttle.threshold", defaultValue = "20")
    int addressThreshold;

    @Inject
    @ConfigProperty(name = "nubo.auth.credential-cache-ttl", defaultValue = "PT10M")
    Duration credentialCacheTtl;

    public Duration accessTokenTtl() {
        return accessTokenTtl;
    }

    public Duration sessionTtl() {
        return sessionTtl;
    }

    public int lockoutThreshold() {
        return lockoutThreshold;
    }

    public Duration lockoutBase() {
        return lockoutBase;
    }

    public Duration lockoutMax() {
        return lockoutMax;
    }

    public int addressThreshold() {
        return addressThreshold;
    }

    public Duration credentialCacheTtl() {
        return credentialCacheTtl;
    }
}
