package dev.nubo.platform.security;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javax.cache.Cache;

/**
 * Counts failed sign-ins per account name and per client address. After {@code threshold} consecutive failures
 * a key is locked, first for {@code base}, doubling with each further failure up to {@code max}. Unknown account
 * names are counted like real ones, so a lock says nothing about whether an account exists. While locked, the
 * password is not even checked.
 */
public final class LoginThrottle {
    /** One key's record; {@code lastFailure} in epoch milliseconds. */
    public record Failures(int count, long lastFailure) implements java.io.Serializable {}

    public record Policy(int threshold, Duration base, Duration max) {}

    private final Cache<String, Failures> store;
    private final Policy account;
    private final Policy address;
    private final Clock clock;

    public LoginThrottle(Cache<String, Failures> store, Policy account, Policy address, Clock clock) {
        this.store = store;
        this.account = account;
        this.address = address;
        this.clock = clock;
    }

    /** How long the caller must wait before trying again, if at all. */
    public Optional<Duration> retryAfter(String username, String clientAddress) {
        Duration a = remaining(accountKey(username), account);
        Duration b = remaining(addressKey(clientAddress), address);
        Duration wait = a.compareTo(b) >= 0 ? a : b;
        return wait.isZero() ? Optional.empty() : Optional.of(wait);
    }

    public synchronized void failed(String username, String clientAddress) {
        bump(accountKey(username));
        bump(addressKey(clientAddress));
    }

    /** A failure that says nothing about the account (a wrong app password) counts against the address only. */
    public synchronized void failedFromAddress(String clientAddress) {
        bump(addressKey(clientAddress));
    }

    /** A correct password clears the account's count; the address keeps its count until it decays. */
    public void succeeded(String username) {
        store.remove(accountKey(username));
    }

    static Duration lockDuration(int failures, Policy policy) {
        if (failures < policy.threshold()) {
            return Duration.ZERO;
        }
        int doublings = Math.min(failures - policy.threshold(), 30);
        Duration d = policy.base().multipliedBy(1L << doublings);
        return d.compareTo(policy.max()) > 0 ? policy.max() : d;
    }

    private Duration remaining(String key, Policy policy) {
        Failures f = store.get(key);
        if (f == null) {
            return Duration.ZERO;
        }
        long until = f.lastFailure() + lockDuration(f.count(), policy).toMillis();
        long left = until - clock.millis();
        return left <= 0 ? Duration.ZERO : Duration.ofMillis(left);
    }

    private void bump(String key) {
        Failures f = store.get(key);
        store.put(key, new Failures(f == null ? 1 : f.count() + 1, clock.millis()));
    }

    private static String accountKey(String username) {
        return "u:" + (username == null ? "" : username.toLowerCase(Locale.ROOT));
    }

    private static String addressKey(String address) {
        return "a:" + address;
    }
}
