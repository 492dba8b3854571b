package dev.nubo.files.infra;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.cache.Cache;

/**
 * A grantee's level on a folder, resolved once for a burst of requests inside it. The key is the folder's ltree path,
 * so a folder that moves gets a new key; the value is stamped with the access epoch (table {@code access_epoch}) read
 * in the statement that computed it. A request reads the epoch in its own statement and uses an entry only if the
 * entry is at least that new and no grant it counted has expired since — so a grant or membership change that has
 * committed is never answered from an older entry. Concurrent misses on one key wait for the first one's load
 * (single-flight) instead of issuing the same query each.
 */
final class FolderDecisions {
    /** Whose decision, on which folder (its path, as text). */
    record Key(UUID caller, String folderPath) {}

    /**
     * The caller's highest live role on the folder or above it (0 for none), the epoch the load saw, when the earliest
     * grant it counted expires ({@link Instant#MAX} for none), and whether the loading transaction had itself changed
     * grants or memberships ({@code provisional}: only that transaction may use it, as it may still roll back).
     */
    record Decision(long epoch, int level, Instant validUntil, boolean provisional) {
        boolean servesFor(long observedEpoch, Instant now) {
            return !provisional && epoch >= observedEpoch && now.isBefore(validUntil);
        }
    }

    private final Cache<Key, Decision> entries;
    private final Map<Key, CompletableFuture<Decision>> loading = new ConcurrentHashMap<>();
    private final AtomicLong loads = new AtomicLong();

    FolderDecisions(Cache<Key, Decision> entries) {
        this.entries = entries;
    }

    /**
     * The decision for {@code key} that is valid for a statement which saw {@code observedEpoch} at {@code now}:
     * cached, joined from a load already under way, or loaded by {@code loader}.
     */
    Decision get(Key key, long observedEpoch, Instant now, Supplier<Decision> loader) {
        Decision cached = entries.get(key);
        if (cached != null && cached.servesFor(observedEpoch, now)) {
            return cached;
        }
        CompletableFuture<Decision> mine = new CompletableFuture<>();
        CompletableFuture<Decision> running = loading.putIfAbsent(key, mine);
        if (running != null) {
            Decision joined = join(running);
            if (joined != null && joined.servesFor(observedEpoch, now)) {
                return joined;
            }
            // the load under way began before a change this request already sees: load afresh, alone
            return load(key, loader);
        }
        try {
            Decision loaded = load(key, loader);
            mine.complete(loaded);
            return loaded;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            loading.remove(key, mine);
        }
    }

    /** How many times a decision was loaded from the database (for tests and the benchmark). */
    long loads() {
        return loads.get();
    }

    private Decision load(Key key, Supplier<Decision> loader) {
        loads.incrementAndGet();
        Decision loaded = loader.get();
        if (loaded.provisional()) {
            return loaded;
        }
        Decision cached = entries.get(key);
        if (cached == null || cached.epoch() <= loaded.epoch()) {
            entries.put(key, loaded);
        }
        return loaded;
    }

    private static Decision join(CompletableFuture<Decision> running) {
        try {
            return running.join();
        } catch (CompletionException e) {
            // the first load failed (its own transaction's trouble): this request loads for itself
            return null;
        }
    }
}
