package dev.nubo.search.infra;

import static dev.nubo.search.infra.Fixtures.doc;
import static dev.nubo.search.infra.Fixtures.ids;
import static dev.nubo.search.infra.Fixtures.query;
import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.api.SearchResults;
import dev.nubo.search.api.SearchSort;
import java.io.IOException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SearchFiltersAndSortsTest {
    private static final Instant MARCH = Instant.parse("2024-03-01T00:00:00Z");
    private static final Instant JUNE = Instant.parse("2024-06-01T00:00:00Z");

    @TempDir
    Path dir;

    LuceneSearchIndex index;

    @BeforeEach
    void open() throws IOException {
        index = LuceneSearchIndex.open(dir.resolve("index"));
    }

    @AfterEach
    void close() throws IOException {
        index.close();
    }

    /**
     * root(1) ── Projects(10) ── Nubo(11) ── plan.md(12), report.pdf(15)
     *         │              └── photo.jpg(13)
     *         ├── song.mp3(14)
     *         └── Empty(16)
     */
    private void tree() throws IOException {
        Instant old = Instant.parse("2022-01-01T00:00:00Z");
        index.apply(
                List.of(
                        doc(10, "Projects")
                                .folder()
                                .size(5_200_500)
                                .modified(old)
                                .build(),
                        doc(11, "Nubo")
                                .folder()
                                .in(1, 10)
                                .size(200_500)
                                .modified(old)
                                .build(),
                        doc(12, "plan.md")
                                .in(1, 10, 11)
                                .size(500)
                                .modified(MARCH)
                                .build(),
                        doc(13, "photo.jpg")
                                .in(1, 10)
                                .size(5_000_000)
                                .category("image")
                                .modified(JUNE)
                                .build(),
                        doc(14, "song.mp3")
                                .size(3_000_000)
                                .category("audio")
                                .modified(Instant.parse("2023-12-31T23:59:59Z"))
                                .build(),
                        doc(15, "report.pdf")
                                .in(1, 10, 11)
                                .size(200_000)
                                .category("pdf")
                                .modified(Instant.parse("2025-01-01T00:00:00Z"))
                                .build(),
                        doc(16, "Empty").folder().size(0).modified(old).build()),
                List.of());
    }

    @Test
    void foldersOrFiles() throws IOException {
        tree();
        assertThat(ids(index, query("").folders(true).build())).containsExactlyInAnyOrder(10L, 11L, 16L);
        assertThat(ids(index, query("").folders(false).build())).containsExactlyInAnyOrder(12L, 13L, 14L, 15L);
        assertThat(ids(index, query("").build())).hasSize(7);
    }

    @Test
    void mimeCategories_anyOf_folderIncluded() throws IOException {
        tree();
        assertThat(ids(index, query("").categories("image", "audio").build())).containsExactlyInAnyOrder(13L, 14L);
        assertThat(ids(index, query("").categories("folder").build())).containsExactlyInAnyOrder(10L, 11L, 16L);
        assertThat(ids(index, query("").categories("video").build())).isEmpty();
    }

    @Test
    void sizeRange_inclusive_filesOnly() throws IOException {
        tree();
        assertThat(ids(index, query("").size(1_000_000L, null).build())).containsExactlyInAnyOrder(13L, 14L);
        assertThat(ids(index, query("").size(null, 1000L).build())).containsExactly(12L);
        assertThat(ids(index, query("").size(200_000L, 200_000L).build())).containsExactly(15L);
        assertThat(ids(index, query("").size(500L, 200_000L).build())).containsExactlyInAnyOrder(12L, 15L);
    }

    @Test
    void modifiedRange_fromInclusive_untilExclusive() throws IOException {
        tree();
        assertThat(ids(index, query("").modified(MARCH, JUNE).build())).containsExactly(12L);
        assertThat(ids(index, query("").modified(JUNE, null).build())).containsExactlyInAnyOrder(13L, 15L);
        assertThat(ids(index, query("").modified(null, MARCH).build())).containsExactlyInAnyOrder(10L, 11L, 14L, 16L);
        assertThat(ids(index, query("").modified(MARCH.plusNanos(1), null).build()))
                .doesNotContain(12L);
        assertThat(ids(index, query("").modified(null, MARCH.plusNanos(1)).build()))
                .contains(12L);
    }

    @Test
    void withinFolder_everythingBelow_notTheFolderItself() throws IOException {
        tree();
        assertThat(ids(index, query("").within(10).build())).containsExactlyInAnyOrder(11L, 12L, 13L, 15L);
        assertThat(ids(index, query("").within(11).build())).containsExactlyInAnyOrder(12L, 15L);
        assertThat(ids(index, query("").within(16).build())).isEmpty();
    }

    @Test
    void filters_combineWithWords() throws IOException {
        tree();
        assertThat(ids(index, query("plan").within(10).folders(false).build())).containsExactly(12L);
        assertThat(ids(index, query("nubo").within(10).folders(false).build())).isEmpty();
        assertThat(ids(index, query("report").categories("pdf").size(1L, null).build()))
                .containsExactly(15L);
        assertThat(ids(index, query("report").categories("image").build())).isEmpty();
    }

    @Test
    void browsingWithoutWords_byRelevance_isMostRecentFirst() throws IOException {
        tree();
        assertThat(ids(index, query("").folders(false).build())).containsExactly(15L, 13L, 12L, 14L);
    }

    private static final String[] NAMES = {"b.txt", "A.txt", "été.txt", "a.txt", "C.txt", "Zeta doc.txt", "ab.txt"};

    /** 57 items with many equal names, sizes and dates, so that only the id can order them. */
    private Map<Long, IndexDoc> ties() throws IOException {
        Map<Long, IndexDoc> docs = new HashMap<>();
        for (long id = 100; id < 157; id++) {
            IndexDoc d = doc(id, "doc " + NAMES[(int) (id % NAMES.length)])
                    .size(id % 5 * 1000)
                    .modified(Fixtures.T0.plus(Duration.ofDays(id % 7)))
                    .content(id % 3 == 0 ? "doc doc doc" : "other")
                    .build();
            docs.put(id, d);
        }
        index.apply(new ArrayList<>(docs.values()), List.of());
        return docs;
    }

    @ParameterizedTest
    @CsvSource({
        "RELEVANCE, false, doc",
        "RELEVANCE, false, ''",
        "NAME, false, doc",
        "NAME, true, doc",
        "SIZE, false, ''",
        "SIZE, true, doc",
        "MODIFIED, false, doc",
        "MODIFIED, true, ''"
    })
    void everySort_pagesWithoutDuplicatesOrGaps_inTheOrderAsked(SearchSort sort, boolean descending, String text)
            throws IOException {
        Map<Long, IndexDoc> docs = ties();
        List<Long> paged = new ArrayList<>();
        for (int offset = 0; offset < 70; offset += 10) {
            SearchResults page = index.search(
                    query(text).sort(sort, descending).page(offset, 10).build());
            assertThat(page.total()).isEqualTo(57);
            paged.addAll(page.hits().stream().map(h -> h.id()).toList());
        }
        List<Long> whole =
                ids(index, query(text).sort(sort, descending).page(0, 200).build());

        assertThat(paged).doesNotHaveDuplicates().hasSize(57).containsExactlyElementsOf(whole);
        assertThat(paged).isSortedAccordingTo(expectedOrder(sort, descending, text, docs));
    }

    private static Comparator<Long> expectedOrder(
            SearchSort sort, boolean descending, String text, Map<Long, IndexDoc> docs) {
        Function<Long, IndexDoc> d = docs::get;
        Comparator<Long> main =
                switch (sort) {
                    case NAME -> Comparator.comparing(id -> folded(d.apply(id).name()));
                    case SIZE -> Comparator.comparingLong(id -> d.apply(id).size());
                    case MODIFIED -> Comparator.comparing(id -> d.apply(id).modifiedAt());
                    case RELEVANCE ->
                        text.isBlank()
                                ? Comparator.<Long, Instant>comparing(
                                                id -> d.apply(id).modifiedAt())
                                        .reversed()
                                : (a, b) -> 0; // scores are checked elsewhere; here only that pages agree
                };
        if (descending && sort != SearchSort.RELEVANCE) {
            main = main.reversed();
        }
        return sort == SearchSort.RELEVANCE && !text.isBlank() ? main : main.thenComparing(Comparator.naturalOrder());
    }

    private static String folded(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT);
    }

    @Test
    void nameSort_ignoresCaseAndAccents() throws IOException {
        index.apply(
                List.of(
                        doc(1, "été.txt").build(),
                        doc(2, "Zoo.txt").build(),
                        doc(3, "apple.txt").build(),
                        doc(4, "Banana.txt").build(),
                        doc(5, "eta.txt").build()),
                List.of());
        assertThat(ids(index, query("").sort(SearchSort.NAME, false).build())).containsExactly(3L, 4L, 5L, 1L, 2L);
        assertThat(ids(index, query("").sort(SearchSort.NAME, true).build())).containsExactly(2L, 1L, 5L, 4L, 3L);
    }
}
