package dev.nubo.groups.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.groups.service.EffectiveGroupsCache.Stamped;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EffectiveGroupsCacheTest {
    CacheManager manager;
    javax.cache.Cache<UUID, Stamped> store;
    EffectiveGroupsCache cache;
    final UUID alice = UUID.randomUUID();
    final UUID team = UUID.randomUUID();
    final UUID staff = UUID.randomUUID();
    final AtomicInteger loads = new AtomicInteger();

    @BeforeEach
    void setUp() {
        manager = Caching.getCachingProvider("com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider")
                .getCacheManager();
        store = manager.createCache(
                "g-" + UUID.randomUUID(),
                new MutableConfiguration<UUID, Stamped>()
                        .setTypes(UUID.class, Stamped.class)
                        .setStoreByValue(false));
        cache = new EffectiveGroupsCache(store);
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    private Set<UUID> load(Set<UUID> answer) {
        return cache.get(alice, u -> {
            loads.incrementAndGet();
            return answer;
        });
    }

    @Test
    void anAnswer_isLoadedOnce_untilInvalidated() {
        assertThat(load(Set.of(team))).containsExactly(team);
        assertThat(load(Set.of(staff))).containsExactly(team);
        assertThat(loads).hasValue(1);

        cache.invalidateAll();

        assertThat(load(Set.of(staff))).containsExactly(staff);
        assertThat(loads).hasValue(2);
    }

    @Test
    void aLoadThatRacedAnInvalidation_isAnsweredButNeverServedAgain() {
        // the loader read the old memberships; the change commits and invalidates before the load finishes
        Set<UUID> stale = cache.get(alice, u -> {
            cache.invalidateAll();
            return Set.of(team);
        });
        assertThat(stale).containsExactly(team);

        assertThat(load(Set.of())).isEmpty();
        assertThat(loads).hasValue(1);
    }

    @Test
    void anEntryStoredUnderAnOldEpoch_isIgnored() {
        // a load checked the epoch, then an invalidation ran, then its put landed: the put carries the old stamp
        cache.invalidateAll();
        store.put(alice, new Stamped(0, Set.of(team)));
        assertThat(load(Set.of())).isEmpty();
        assertThat(loads).hasValue(1);
    }
}
