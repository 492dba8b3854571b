package dev.nubo.perf.jmh;

import dev.nubo.dav.core.HttpDate;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One DAV:getlastmodified value or Last-Modified header: {@link HttpDate#format} of an instant, as the DAV engine
 * formats a node's modification time (its epoch second).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HttpDateBenchmark {
    /** Not final, so the JIT cannot fold the formatting into a constant. */
    private Instant modified = Instant.parse("2024-11-06T08:49:37.123456Z");

    @Benchmark
    public String format() {
        return HttpDate.format(modified.getEpochSecond());
    }
}
