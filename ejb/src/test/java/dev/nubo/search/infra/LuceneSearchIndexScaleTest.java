package dev.nubo.search.infra;

import static dev.nubo.search.infra.Fixtures.ALICE;
import static dev.nubo.search.infra.Fixtures.BOB;
import static dev.nubo.search.infra.Fixtures.doc;
import static dev.nubo.search.infra.Fixtures.ids;
import static dev.nubo.search.infra.Fixtures.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.api.SearchQuery;
import dev.nubo.search.api.SearchSort;
import dev.nubo.search.api.Suggestion;
import java.io.IOException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hundred thousand generated names: results must stay right at that size. Timings are printed for the record
 * only; the goals are measured in {@code perf/}, on a quiet machine.
 */
class LuceneSearchIndexScaleTest {
    private static final int COUNT = 100_000;
    private static final String[] WORDS = {
        "rapport",
        "facture",
        "budget",
        "vacances",
        "photo",
        "réunion",
        "projet",
        "données",
        "été",
        "hiver",
        "contrat",
        "Übersicht",
        "naïve",
        "crème",
        "résumé",
        "plan",
        "notes",
        "invoice",
        "meeting",
        "holiday",
        "draft",
        "final",
        "scan",
        "IMG",
        "DSC",
        "backup",
        "archive",
        "présentation",
        "budgetPrévisionnel",
        "clientList"
    };
    private static final String[] EXTENSIONS = {"pdf", "txt", "jpg", "docx", "xlsx", "md", "png", "mp3"};
    private static final String[] SEPARATORS = {"_", "-", " ", "."};
    private static final long UNIQUE = COUNT + 1;
    private static final long UNIQUE_OF_BOB = COUNT + 2;

    @TempDir
    Path dir;

    private static String name(long id) {
        Random random = new Random(id);
        String sep = SEPARATORS[random.nextInt(SEPARATORS.length)];
        String name = WORDS[random.nextInt(WORDS.length)]
                + sep
                + WORDS[random.nextInt(WORDS.length)]
                + sep
                + (random.nextBoolean() ? 2015 + random.nextInt(11) : random.nextInt(10_000));
        return id % 10 == 5 ? name : name + "." + EXTENSIONS[random.nextInt(EXTENSIONS.length)];
    }

    private static IndexDoc generated(long id) {
        Fixtures.Doc doc = doc(id, name(id))
                .owner(id % 10 == 0 ? BOB : ALICE)
                .in(1, 2 + id % 50)
                .size(id * 37 % 10_000_000)
                .modified(Fixtures.T0.plus(Duration.ofMinutes(id)));
        return id % 10 == 5 ? doc.folder().build() : doc.category("other").build();
    }

    private static Iterator<IndexDoc> all() {
        List<IndexDoc> planted = List.of(
                doc(UNIQUE, "Zyxwvut_unique_report.pdf").build(),
                doc(UNIQUE_OF_BOB, "zyxwvut-bob.pdf").owner(BOB).build());
        Iterator<IndexDoc> generatedDocs = LongStream.rangeClosed(1, COUNT)
                .mapToObj(LuceneSearchIndexScaleTest::generated)
                .iterator();
        return new Iterator<>() {
            int next;

            @Override
            public boolean hasNext() {
                return generatedDocs.hasNext() || next < planted.size();
            }

            @Override
            public IndexDoc next() {
                return generatedDocs.hasNext() ? generatedDocs.next() : planted.get(next++);
            }
        };
    }

    private static String folded(String s) {
        return Normalizer.normalize(s, Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT);
    }

    private static long aliceNamesContaining(String part) {
        return LongStream.rangeClosed(1, COUNT)
                .filter(id -> id % 10 != 0 && folded(name(id)).contains(part))
                .count();
    }

    @Test
    void hundredThousandNames_rightResults_timingsPrinted() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir.resolve("index"))) {
            long started = System.nanoTime();
            index.rebuild(all());
            System.out.printf(
                    "search scale: indexed %d names in %d ms%n",
                    index.count(), (System.nanoTime() - started) / 1_000_000);

            assertThat(index.count()).isEqualTo(COUNT + 2);
            assertThat(ids(index, "zyxwvut")).containsExactly(UNIQUE);
            assertThat(ids(index, "ZYXWVUT unique REPORT")).containsExactly(UNIQUE);
            assertThat(ids(index, query("zyxwvut").owners(ALICE, BOB).build()))
                    .containsExactlyInAnyOrder(UNIQUE, UNIQUE_OF_BOB);
            assertThat(index.suggest(Set.of(ALICE), "zyx", 10))
                    .extracting(Suggestion::id)
                    .containsExactly(UNIQUE);
            assertThat(index.search(query("rapport").build()).total()).isEqualTo(aliceNamesContaining("rapport"));
            assertThat(index.search(query("ete").build()).total()).isEqualTo(aliceNamesContaining("ete"));
            assertThat(index.search(query("").folders(true).build()).total())
                    .isEqualTo(LongStream.rangeClosed(1, COUNT)
                            .filter(id -> id % 10 == 5)
                            .count());

            Random random = new Random(42);
            for (int warmUp = 0; warmUp < 100; warmUp++) {
                index.suggest(Set.of(ALICE), typed(random), 10);
                index.search(searched(random));
            }
            long[] suggestTimes = new long[200];
            for (int i = 0; i < suggestTimes.length; i++) {
                String typed = typed(random);
                long start = System.nanoTime();
                List<Suggestion> suggestions = index.suggest(Set.of(ALICE), typed, 10);
                suggestTimes[i] = System.nanoTime() - start;
                assertThat(suggestions).hasSizeLessThanOrEqualTo(10).allSatisfy(s -> {
                    assertThat(s.id() % 10).as("owner scope").isNotZero();
                    assertThat(folded(s.name())).contains(folded(typed));
                });
            }
            long[] searchTimes = new long[200];
            for (int i = 0; i < searchTimes.length; i++) {
                SearchQuery q = searched(random);
                long start = System.nanoTime();
                index.search(q);
                searchTimes[i] = System.nanoTime() - start;
            }
            System.out.printf(
                    "search scale: suggest p50 %.2f ms p99 %.2f ms; search p50 %.2f ms p99 %.2f ms%n",
                    percentile(suggestTimes, 50),
                    percentile(suggestTimes, 99),
                    percentile(searchTimes, 50),
                    percentile(searchTimes, 99));
        }
    }

    /** Two to six letters of a word, as someone types it. */
    private static String typed(Random random) {
        String word = folded(WORDS[random.nextInt(WORDS.length)]);
        return word.substring(0, Math.min(word.length(), 2 + random.nextInt(5)));
    }

    private static SearchQuery searched(Random random) {
        String text = WORDS[random.nextInt(WORDS.length)] + (random.nextBoolean() ? " " + typed(random) : "");
        Fixtures.Q q = query(text);
        switch (random.nextInt(4)) {
            case 0 -> q.sort(SearchSort.NAME, false);
            case 1 -> q.folders(false).sort(SearchSort.MODIFIED, true);
            case 2 -> q.within(2 + random.nextInt(50));
            default -> {}
        }
        return q.page(0, 50).build();
    }

    private static double percentile(long[] nanos, int percent) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, rank)] / 1e6;
    }
}
