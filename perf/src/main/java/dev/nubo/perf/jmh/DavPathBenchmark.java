package dev.nubo.perf.jmh;

import dev.nubo.dav.core.DavPath;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One href as a DAV answer writes it: {@link DavPath#href}, which percent-encodes each name with {@link
 * DavPath#encode}, for a file three folders below a user's root whose names hold spaces, accented letters (two UTF-8
 * bytes each) and reserved characters ('#', '&amp;', '?', '+', '%').
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DavPathBenchmark {
    private String base = "/remote.php/dav/files/alice";
    private List<String> names =
            List.of("Projets été 2024", "Réunions & comptes-rendus", "CR #12 (v2) 50% + annexes?.pdf");

    @Benchmark
    public String href() {
        return DavPath.href(base, names, false);
    }
}
