package dev.nubo.links.infra;

import dev.nubo.platform.cache.Caches;
import dev.nubo.platform.security.LoginThrottle;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Wrong link passwords, counted as sign-ins are ({@link LoginThrottle}, its own cache): per link and client
 * address (5 tries, then 15 s doubling up to 15 min), and per address over all links (20 tries). Not per link alone,
 * so nobody can lock a link's real visitors out by guessing from elsewhere.
 */
@ApplicationScoped
public class UnlockThrottle {
    static final LoginThrottle.Policy PER_LINK_AND_ADDRESS =
            new LoginThrottle.Policy(5, Duration.ofSeconds(15), Duration.ofMinutes(15));
    static final LoginThrottle.Policy PER_ADDRESS =
            new LoginThrottle.Policy(20, Duration.ofSeconds(15), Duration.ofMinutes(15));

    @Inject
    Caches caches;

    private LoginThrottle throttle;

    @PostConstruct
    void init() {
        throttle = new LoginThrottle(
                caches.cache(
                        "link-unlock-throttle",
                        String.class,
                        LoginThrottle.Failures.class,
                        100_000,
                        Duration.ofHours(1)),
                PER_LINK_AND_ADDRESS,
                PER_ADDRESS,
                Clock.systemUTC());
    }

    public Optional<Duration> retryAfter(long linkId, String address) {
        return throttle.retryAfter(key(linkId, address), address);
    }

    public void failed(long linkId, String address) {
        throttle.failed(key(linkId, address), address);
    }

    public void succeeded(long linkId, String address) {
        throttle.succeeded(key(linkId, address));
    }

    private static String key(long linkId, String address) {
        return linkId + "@" + address;
    }
}
