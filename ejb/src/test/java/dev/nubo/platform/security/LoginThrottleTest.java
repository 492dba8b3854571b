package dev.nubo.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {
    static final LoginThrottle.Policy ACCOUNT =
            new LoginThrottle.Policy(3, Duration.ofSeconds(10), Duration.ofSeconds(60));
    static final LoginThrottle.Policy ADDRESS =
            new LoginThrottle.Policy(5, Duration.ofSeconds(10), Duration.ofSeconds(60));

    final MutableClock clock = new MutableClock();
    CacheManager manager;
    LoginThrottle throttle;

    @BeforeEach
    void setUp() {
        manager = Caching.getCachingProvider("com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider")
                .getCacheManager();
        Cache<String, LoginThrottle.Failures> cache = manager.createCache(
                "t-" + UUID.randomUUID(),
                new MutableConfiguration<String, LoginThrottle.Failures>()
                        .setTypes(String.class, LoginThrottle.Failures.class));
        throttle = new LoginThrottle(cache, ACCOUNT, ADDRESS, clock);
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void lockDuration_startsAtTheThreshold_doublesAndIsCapped() {
        assertThat(LoginThrottle.lockDuration(2, ACCOUNT)).isZero();
        assertThat(LoginThrottle.lockDuration(3, ACCOUNT)).hasSeconds(10);
        assertThat(LoginThrottle.lockDuration(4, ACCOUNT)).hasSeconds(20);
        assertThat(LoginThrottle.lockDuration(5, ACCOUNT)).hasSeconds(40);
        assertThat(LoginThrottle.lockDuration(6, ACCOUNT)).hasSeconds(60);
        assertThat(LoginThrottle.lockDuration(1000, ACCOUNT)).hasSeconds(60);
    }

    @Test
    void accountLocks_afterThreshold_andUnlocksWhenTheDelayPassed() {
        for (int i = 0; i < 3; i++) {
            assertThat(throttle.retryAfter("alice", "10.0.0." + i)).isEmpty();
            throttle.failed("alice", "10.0.0." + i);
        }
        assertThat(throttle.retryAfter("ALICE", "10.0.0.9")).hasValue(Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(9));
        assertThat(throttle.retryAfter("alice", "10.0.0.9")).hasValue(Duration.ofSeconds(1));
        clock.advance(Duration.ofSeconds(1));
        assertThat(throttle.retryAfter("alice", "10.0.0.9")).isEmpty();
    }

    @Test
    void eachFailureWhileLockedOut_growsTheDelay() {
        for (int i = 0; i < 4; i++) {
            throttle.failed("bob", "10.1.0." + i);
        }
        assertThat(throttle.retryAfter("bob", "10.1.0.99")).hasValue(Duration.ofSeconds(20));
    }

    @Test
    void success_resetsTheAccount_butNotTheAddress() {
        for (int i = 0; i < 5; i++) {
            throttle.failed("user" + i, "192.0.2.1");
        }
        throttle.failed("carol", "198.51.100.1");
        throttle.failed("carol", "198.51.100.1");
        throttle.succeeded("carol");
        throttle.failed("carol", "198.51.100.2");
        assertThat(throttle.retryAfter("carol", "198.51.100.3")).isEmpty();
        throttle.succeeded("user0");
        assertThat(throttle.retryAfter("someone-else", "192.0.2.1")).hasValue(Duration.ofSeconds(10));
    }

    @Test
    void unknownAccountNames_areLockedLikeRealOnes() {
        for (int i = 0; i < 3; i++) {
            throttle.failed("no-such-user", "203.0.113." + i);
        }
        assertThat(throttle.retryAfter("no-such-user", "203.0.113.50")).isPresent();
    }

    @Test
    void addressOnlyFailures_neverLockTheAccount_butDoThrottleTheAddress() {
        for (int i = 0; i < 5; i++) {
            throttle.failedFromAddress("192.0.2.77");
        }
        assertThat(throttle.retryAfter("dave", "198.51.100.9")).isEmpty();
        assertThat(throttle.retryAfter("dave", "192.0.2.77")).hasValue(Duration.ofSeconds(10));
    }

    static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-12-02T10:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
