package dev.nubo.perf.jmh;

import dev.nubo.files.api.NodeRows;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A folder listing's row mapping: {@link NodeRows#view} over the {@code Object[]} rows of one page. One operation is a
 * whole 500-row page, not one row: divide the time and the allocation by 500 for a row's share. The rows are the
 * driver's types ({@link FolderRows}), timestamps as {@link java.sql.Timestamp}, the heavier of the two shapes
 * {@code SqlValues.time} accepts.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NodeRowsBenchmark {
    static final int PAGE = 500;

    private List<Object[]> rows;

    @Setup
    public void setUp() {
        rows = FolderRows.of(PAGE);
    }

    @Benchmark
    public void viewPage(Blackhole bh) {
        for (Object[] row : rows) {
            bh.consume(NodeRows.view(row));
        }
    }
}
