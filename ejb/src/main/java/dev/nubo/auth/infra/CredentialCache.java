package dev.nubo.auth.infra;

import dev.nubo.auth.api.AuthenticatedUser;
import java.util.Iterator;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.cache.Cache;

/**
 * Verified credentials, so neither Basic auth nor token checks touch Argon2 or the database per request. Keys are
 * digests (a cached password is never held in clear). Entries die at once when the user's access changes; the
 * epoch closes the race where a lookup that read the database before the change would re-insert stale data after
 * the invalidation.
 */
public final class CredentialCache {
    private final Cache<String, AuthenticatedUser> entries;
    private final AtomicLong epoch = new AtomicLong();

    public CredentialCache(Cache<String, AuthenticatedUser> entries) {
        this.entries = entries;
    }

    public Optional<AuthenticatedUser> get(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    /** Loads and caches; the value is dropped, not stored, if an invalidation ran meanwhile. */
    public Optional<AuthenticatedUser> load(String key, Supplier<Optional<AuthenticatedUser>> loader) {
        long before = epoch.get();
        Optional<AuthenticatedUser> loaded = loader.get();
        if (loaded.isPresent() && epoch.get() == before) {
            entries.put(key, loaded.get());
        }
        return loaded;
    }

    public void invalidateUser(UUID userId) {
        epoch.incrementAndGet();
        Iterator<Cache.Entry<String, AuthenticatedUser>> it = entries.iterator();
        while (it.hasNext()) {
            if (it.next().getValue().userId().equals(userId)) {
                it.remove();
            }
        }
    }

    public void invalidate(String key) {
        epoch.incrementAndGet();
        entries.remove(key);
    }
}
