package dev.nubo.groups.service;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import javax.cache.Cache;

/**
 * Effective groups per user, stamped with the epoch at which their load began. Invalidation moves the epoch on and
 * empties the cache; an answer is served only while its stamp is the current epoch. So a load that read the database
 * before a membership change committed can never be served after the invalidation, even when its {@code put} lands
 * after the cache was emptied (the race a plain clear leaves open).
 */
final class EffectiveGroupsCache {
    /** A cached answer and the epoch its load started in. */
    record Stamped(long epoch, Set<UUID> groups) {}

    private final Cache<UUID, Stamped> entries;
    private final AtomicLong epoch = new AtomicLong();

    EffectiveGroupsCache(Cache<UUID, Stamped> entries) {
        this.entries = entries;
    }

    Set<UUID> get(UUID user, Function<UUID, Set<UUID>> loader) {
        long now = epoch.get();
        Stamped cached = entries.get(user);
        if (cached != null && cached.epoch() == now) {
            return cached.groups();
        }
        Set<UUID> loaded = Set.copyOf(loader.apply(user));
        if (epoch.get() == now) {
            entries.put(user, new Stamped(now, loaded));
        }
        return loaded;
    }

    void invalidateAll() {
        epoch.incrementAndGet();
        entries.removeAll();
    }
}
