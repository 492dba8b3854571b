package dev.nubo.files.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.files.infra.FolderDecisions.Decision;
import dev.nubo.files.infra.FolderDecisions.Key;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FolderDecisionsTest {
    static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");

    CacheManager manager;
    FolderDecisions decisions;
    final Key album = new Key(UUID.randomUUID(), "1.7.42");
    final AtomicInteger loads = new AtomicInteger();

    @BeforeEach
    void setUp() {
        manager = Caching.getCachingProvider("com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider")
                .getCacheManager();
        decisions = new FolderDecisions(manager.createCache(
                "d-" + UUID.randomUUID(),
                new MutableConfiguration<Key, Decision>()
                        .setTypes(Key.class, Decision.class)
                        .setStoreByValue(false)));
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    private Decision get(Key key, long observedEpoch, Instant now, Decision answer) {
        return decisions.get(key, observedEpoch, now, () -> {
            loads.incrementAndGet();
            return answer;
        });
    }

    @Test
    void aDecisionIsLoadedOnce_whileTheEpochStaysTheSame() {
        assertThat(get(album, 5, NOW, new Decision(5, 1, Instant.MAX, false)).level())
                .isEqualTo(1);
        assertThat(get(album, 5, NOW.plusSeconds(60), new Decision(5, 3, Instant.MAX, false))
                        .level())
                .isEqualTo(1);
        assertThat(loads).hasValue(1);
        assertThat(decisions.loads()).isEqualTo(1);
    }

    @Test
    void aRequestThatSeesANewerEpoch_neverGetsTheOlderDecision() {
        get(album, 5, NOW, new Decision(5, 2, Instant.MAX, false));

        Decision after = get(album, 6, NOW, new Decision(6, 0, Instant.MAX, false));

        assertThat(after.level()).isZero();
        assertThat(loads).hasValue(2);
        // and a slower request that still saw the old epoch may use the newer answer
        assertThat(get(album, 5, NOW, new Decision(5, 2, Instant.MAX, false)).level())
                .isZero();
        assertThat(loads).hasValue(2);
    }

    @Test
    void aDecisionStopsServingWhenAGrantItCountedExpires() {
        Instant expiry = NOW.plusSeconds(30);
        get(album, 5, NOW, new Decision(5, 2, expiry, false));

        assertThat(get(album, 5, expiry.minusMillis(1), null).level()).isEqualTo(2);
        assertThat(get(album, 5, expiry, new Decision(5, 0, Instant.MAX, false)).level())
                .isZero();
        assertThat(loads).hasValue(2);
    }

    @Test
    void aProvisionalDecision_servesOnlyItsOwnRequest() {
        // loaded by a transaction that changed grants itself: it may roll back, so nobody else may reuse it
        assertThat(get(album, 6, NOW, new Decision(6, 3, Instant.MAX, true)).level())
                .isEqualTo(3);

        assertThat(get(album, 5, NOW, new Decision(5, 1, Instant.MAX, false)).level())
                .isEqualTo(1);
        assertThat(loads).hasValue(2);
    }

    @Test
    void keysAreSeparatePerCallerAndPerFolderPath() {
        get(album, 5, NOW, new Decision(5, 2, Instant.MAX, false));

        Key moved = new Key(album.caller(), "1.9.42");
        Key otherCaller = new Key(UUID.randomUUID(), album.folderPath());
        assertThat(get(moved, 5, NOW, new Decision(5, 0, Instant.MAX, false)).level())
                .isZero();
        assertThat(get(otherCaller, 5, NOW, new Decision(5, 1, Instant.MAX, false))
                        .level())
                .isEqualTo(1);
        assertThat(loads).hasValue(3);
    }

    @Test
    void aBurstOfMissesOnOneFolder_loadsItOnce() throws Exception {
        int requests = 16;
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        try {
            Future<Decision> first = pool.submit(() -> decisions.get(album, 5, NOW, () -> {
                loads.incrementAndGet();
                started.countDown();
                await(release);
                return new Decision(5, 1, Instant.MAX, false);
            }));
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
            List<Future<Decision>> others = new ArrayList<>();
            for (int i = 1; i < requests; i++) {
                others.add(pool.submit(() -> get(album, 5, NOW, new Decision(5, 9, Instant.MAX, false))));
            }
            // give the others time to find the load under way before it finishes
            Thread.sleep(200);
            release.countDown();

            assertThat(first.get(5, TimeUnit.SECONDS).level()).isEqualTo(1);
            for (Future<Decision> other : others) {
                assertThat(other.get(5, TimeUnit.SECONDS).level()).isEqualTo(1);
            }
            assertThat(loads).hasValue(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedLoad_failsOnlyItsOwnRequest_andIsNotCached() {
        assertThatThrownBy(() -> decisions.get(album, 5, NOW, () -> {
                    throw new IllegalStateException("connection lost");
                }))
                .hasMessage("connection lost");

        assertThat(get(album, 5, NOW, new Decision(5, 2, Instant.MAX, false)).level())
                .isEqualTo(2);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
