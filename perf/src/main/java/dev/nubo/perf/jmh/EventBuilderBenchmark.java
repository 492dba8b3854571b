package dev.nubo.perf.jmh;

import dev.nubo.calendar.api.EventDraft;
import dev.nubo.calendar.domain.EventBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * An event created through the REST API: {@link EventBuilder#create} writing one iCalendar object from a timed draft
 * in Europe/Paris (so the object carries that zone's VTIMEZONE) with a summary, a location, a multi-line description
 * and a weekly RRULE.
 *
 * <p>ical4j logs through SLF4J, which finds no provider on this classpath, falls back to discarding, and says so on
 * the benchmark's output; hushing SLF4J's own warnings keeps the run quiet and leaves the logging as it is.
 */
@Fork(jvmArgsAppend = "-Dslf4j.internal.verbosity=ERROR")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EventBuilderBenchmark {
    private EventDraft draft;
    private String uid;
    private Instant now;

    @Setup
    public void setUp() {
        draft = new EventDraft(
                "Sprint review: Nubo sync, \"beta\" feedback",
                "2030-03-21T09:00",
                "2030-03-21T10:30",
                false,
                "Europe/Paris",
                "Salle Lumière, 3e étage; 12 rue de la Paix, Paris",
                "Agenda:\n- demo of the sync client\n- open bugs\n- next sprint's goals",
                "FREQ=WEEKLY;BYDAY=TH;COUNT=12");
        uid = "b7e1d4c2-9f3a-4c58-8e26-71a0d5f9c3b4";
        now = Instant.parse("2030-01-01T00:00:00Z");
        String ics = new String(EventBuilder.create(draft, uid, now), StandardCharsets.UTF_8);
        if (!ics.contains("BEGIN:VTIMEZONE") || !ics.contains("RRULE:FREQ=WEEKLY")) {
            throw new IllegalStateException("the event lacks its zone or its rule:\n" + ics);
        }
    }

    @Benchmark
    public byte[] create() {
        return EventBuilder.create(draft, uid, now);
    }
}
