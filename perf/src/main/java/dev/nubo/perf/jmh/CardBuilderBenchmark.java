package dev.nubo.perf.jmh;

import dev.nubo.contacts.api.ContactDraft;
import dev.nubo.contacts.api.Labeled;
import dev.nubo.contacts.domain.CardBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A contact created through the REST API: {@link CardBuilder#create} writing one vCard 4.0 from a draft with a
 * name, an organization, two e-mail addresses, two phone numbers, a two-line note, a birthday and a category. The
 * draft has no postal-address field (the API does not manage ADR), so none is written.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CardBuilderBenchmark {
    private ContactDraft draft;
    private String uid;
    private Instant now;

    @Setup
    public void setUp() {
        draft = new ContactDraft(
                "individual",
                null,
                "Zoë",
                "Lefèvre-O'Brien",
                "Acme, Inc.",
                List.of(new Labeled("work", "zoe.lefevre@acme.example"), new Labeled("home", "zoe@home.example")),
                List.of(new Labeled("cell", "+33 6 12 34 56 78"), new Labeled("work", "+33 1 23 45 67 89")),
                "Met at the Lyon fair, 2023.\nPrefers e-mail; speaks French and English.",
                "1990-04-01",
                List.of("Clients"),
                null);
        uid = "5f0c8a2e-3b7d-4e61-9a0f-2d4c6b8e1f37";
        now = Instant.parse("2030-01-01T00:00:00Z");
        String card = new String(CardBuilder.create(draft, uid, now), StandardCharsets.UTF_8);
        if (!card.contains("EMAIL;TYPE=home:zoe@home.example") || !card.contains("TEL;TYPE=work")) {
            throw new IllegalStateException("the card lacks a field of the draft:\n" + card);
        }
    }

    @Benchmark
    public byte[] create() {
        return CardBuilder.create(draft, uid, now);
    }
}
