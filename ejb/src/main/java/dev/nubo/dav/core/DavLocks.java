package dev.nubo.dav.core;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * WebDAV write locks (RFC 4918 section 6), kept in memory: exclusive and shared, depth 0 or infinity, with a
 * timeout, on mapped and unmapped URLs. A lock is identified by its opaque token and covers a path of one user's
 * tree; a depth-infinity lock covers everything beneath its root. Locks are advisory state of the protocol, not
 * data: a restart releases them, as clients expect of a lock that timed out.
 */
@ApplicationScoped
public class DavLocks {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration MAX_TIMEOUT = Duration.ofDays(1);

    /** One lock. {@code path} is the tree-relative path of its root: "" for the tree, "a/b" below it. */
    public record Lock(
            String token,
            UUID user,
            String path,
            boolean infinite,
            boolean exclusive,
            String ownerXml,
            Duration timeout,
            Instant expires) {
        boolean covers(UUID caller, String target) {
            return user.equals(caller) && (path.equals(target) || (infinite && isBelow(target, path)));
        }

        boolean isAtOrBelow(UUID caller, String target) {
            return user.equals(caller) && (path.equals(target) || isBelow(path, target));
        }
    }

    private final Map<String, Lock> byToken = new ConcurrentHashMap<>();

    static boolean isBelow(String inner, String outer) {
        return outer.isEmpty() ? !inner.isEmpty() : inner.startsWith(outer + "/");
    }

    private void expire() {
        Instant now = Instant.now();
        byToken.values().removeIf(l -> l.expires().isBefore(now));
    }

    /** The locks whose scope includes {@code path} (its own, and depth-infinity ones of its ancestors). */
    public synchronized List<Lock> covering(UUID user, String path) {
        expire();
        return byToken.values().stream().filter(l -> l.covers(user, path)).toList();
    }

    /** Whether the lock space holds any lock at all: most do not, and then no path in it needs working out. */
    public synchronized boolean anyIn(UUID space) {
        expire();
        return byToken.values().stream().anyMatch(l -> l.user().equals(space));
    }

    /** Whether a lock of the user is rooted strictly beneath {@code path}. */
    public synchronized boolean anyBelow(UUID user, String path) {
        expire();
        return byToken.values().stream().anyMatch(l -> l.user().equals(user) && isBelow(l.path(), path));
    }

    /** The locks rooted at or beneath {@code path}: what a DELETE or MOVE of it must be allowed to break. */
    public synchronized List<Lock> atOrBelow(UUID user, String path) {
        expire();
        return byToken.values().stream().filter(l -> l.isAtOrBelow(user, path)).toList();
    }

    /**
     * Creates a lock unless one that conflicts exists: an exclusive lock conflicts with any other on an overlapping
     * scope, a shared one with an exclusive one. Empty on conflict.
     */
    public synchronized Optional<Lock> lock(
            UUID user, String path, boolean infinite, boolean exclusive, String ownerXml, Duration timeout) {
        expire();
        for (Lock other : byToken.values()) {
            boolean overlaps = other.covers(user, path) || (infinite && other.isAtOrBelow(user, path));
            if (overlaps && (exclusive || other.exclusive())) {
                return Optional.empty();
            }
        }
        Lock lock = new Lock(
                "opaquelocktoken:" + UUID.randomUUID(),
                user,
                path,
                infinite,
                exclusive,
                ownerXml,
                timeout,
                Instant.now().plus(timeout));
        byToken.put(lock.token(), lock);
        return Optional.of(lock);
    }

    /** Extends a lock by its timeout (or a new one); empty when no such lock covers the path. */
    public synchronized Optional<Lock> refresh(UUID user, String path, String token, Duration timeout) {
        expire();
        Lock lock = byToken.get(token);
        if (lock == null || !lock.covers(user, path)) {
            return Optional.empty();
        }
        Lock refreshed = new Lock(
                lock.token(),
                lock.user(),
                lock.path(),
                lock.infinite(),
                lock.exclusive(),
                lock.ownerXml(),
                timeout,
                Instant.now().plus(timeout));
        byToken.put(token, refreshed);
        return Optional.of(refreshed);
    }

    /** Removes a lock that covers the path; false when the token names no such lock. */
    public synchronized boolean unlock(UUID user, String path, String token) {
        Lock lock = byToken.get(token);
        if (lock == null || !lock.covers(user, path)) {
            return false;
        }
        byToken.remove(token);
        return true;
    }

    /** Drops the locks rooted at or beneath a path that is gone (deleted, or moved away). */
    public synchronized void release(UUID user, String path) {
        List<String> gone = new ArrayList<>();
        byToken.values().stream().filter(l -> l.isAtOrBelow(user, path)).forEach(l -> gone.add(l.token()));
        gone.forEach(byToken::remove);
    }

    /** A Timeout header ("Second-600", "Infinite", a list) as a duration within bounds. */
    public static Duration timeout(String header) {
        if (header == null) {
            return DEFAULT_TIMEOUT;
        }
        for (String part : header.split(",")) {
            String p = part.strip();
            if (p.equalsIgnoreCase("Infinite")) {
                return MAX_TIMEOUT;
            }
            if (p.regionMatches(true, 0, "Second-", 0, 7)) {
                try {
                    long seconds = Long.parseLong(p.substring(7));
                    if (seconds > 0) {
                        return Duration.ofSeconds(Math.min(seconds, MAX_TIMEOUT.toSeconds()));
                    }
                } catch (NumberFormatException e) {
                    // try the next one
                }
            }
        }
        return DEFAULT_TIMEOUT;
    }
}
