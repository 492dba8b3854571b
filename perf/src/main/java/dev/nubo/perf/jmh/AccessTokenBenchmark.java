package dev.nubo.perf.jmh;

import dev.nubo.auth.infra.AccessTokenCodec;
import java.time.Clock;
import java.time.Duration;
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
 * One bearer request's token check: {@link AccessTokenCodec#verify} of a valid HS256 access token (parse, signature,
 * issuer, type, expiry, claims), signed in setup with a 32-byte key as the server's secret store makes it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AccessTokenBenchmark {
    private AccessTokenCodec codec;
    private String token;

    @Setup
    public void setUp() {
        Random random = new Random(11);
        byte[] key = new byte[32];
        random.nextBytes(key);
        codec = new AccessTokenCodec(key, Clock.systemUTC());
        // valid for far longer than any run, so every verification takes the accepting path
        token = codec.sign(
                new UUID(random.nextLong(), random.nextLong()),
                new UUID(random.nextLong(), random.nextLong()),
                Duration.ofDays(1));
        if (codec.verify(token).isEmpty()) {
            throw new IllegalStateException("the signed token does not verify");
        }
    }

    @Benchmark
    public Optional<AccessTokenCodec.Claims> verify() {
        return codec.verify(token);
    }
}
