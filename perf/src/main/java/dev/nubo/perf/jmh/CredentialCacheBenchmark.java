package dev.nubo.perf.jmh;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.AuthenticatedUser.Credential;
import dev.nubo.auth.infra.CredentialCache;
import dev.nubo.auth.infra.Secrets;
import dev.nubo.platform.cache.Caches;
import dev.nubo.users.api.Role;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A Basic-auth request whose credentials were verified before: one {@link CredentialCache#get} that hits. The cache
 * is built as {@code AuthComponents} builds its "auth-basic" one (through {@link Caches}: Caffeine's JCache, 50,000
 * entries, the default ten-minute time-to-live) and holds 1,000 users; the key is the HMAC digest the service
 * derives from name and password, computed once in setup, so the digest's own cost is not part of the number.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CredentialCacheBenchmark {
    private static final int USERS = 1_000;

    private CredentialCache cache;
    private String key;

    @Setup
    public void setUp() {
        byte[] processKey = new byte[32];
        Random random = new Random(7);
        random.nextBytes(processKey);
        cache = new CredentialCache(new Caches()
                .cache("auth-basic", String.class, AuthenticatedUser.class, 50_000, Duration.ofMinutes(10)));
        for (int i = 0; i < USERS; i++) {
            String name = "user" + i;
            String digest = Secrets.hmac(processKey, name.toLowerCase(Locale.ROOT) + '\0' + "password of " + name);
            AuthenticatedUser user = new AuthenticatedUser(
                    new UUID(random.nextLong(), random.nextLong()),
                    name,
                    Role.USER,
                    Credential.BASIC_PASSWORD,
                    null,
                    null);
            cache.load(digest, () -> Optional.of(user));
            if (i == USERS / 2) {
                key = digest;
            }
        }
        if (cache.get(key).isEmpty()) {
            throw new IllegalStateException("the warmed entry is not in the cache");
        }
    }

    @Benchmark
    public Optional<AuthenticatedUser> warmHit() {
        return cache.get(key);
    }
}
