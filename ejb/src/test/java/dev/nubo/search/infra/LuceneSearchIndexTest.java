package dev.nubo.search.infra;

import static dev.nubo.search.infra.Fixtures.ALICE;
import static dev.nubo.search.infra.Fixtures.BOB;
import static dev.nubo.search.infra.Fixtures.doc;
import static dev.nubo.search.infra.Fixtures.ids;
import static dev.nubo.search.infra.Fixtures.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.api.SearchHit;
import dev.nubo.search.api.SearchQuery;
import dev.nubo.search.api.SearchResults;
import dev.nubo.search.api.SearchSort;
import dev.nubo.search.api.Suggestion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneSearchIndexTest {
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

    private void add(Fixtures.Doc... docs) throws IOException {
        index.apply(Stream.of(docs).map(Fixtures.Doc::build).toList(), List.of());
    }

    @Test
    void accents_andCase_matchEitherWay() throws IOException {
        add(doc(1, "ete-2024.txt"), doc(2, "été.txt"), doc(3, "Summer.txt"));

        assertThat(ids(index, "été")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ids(index, "Ete")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ids(index, "ÉTÉ")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ids(index, "2024")).containsExactly(1L);
    }

    @Test
    void partialWords_camelCase_underscores_dots_andDigits() throws IOException {
        add(
                doc(1, "Rapport_Final.PDF"),
                doc(2, "quarterlyBudgetReport.xlsx"),
                doc(3, "HTMLParser.java"),
                doc(4, "IMG2024.jpg"),
                doc(5, "notes.txt"));

        assertThat(ids(index, "rapport")).containsExactly(1L);
        assertThat(ids(index, "fin")).containsExactly(1L);
        assertThat(ids(index, "pdf")).containsExactly(1L);
        assertThat(ids(index, "RAPPORT_final")).containsExactly(1L);
        assertThat(ids(index, "budget")).containsExactly(2L);
        assertThat(ids(index, "quarterlybudget")).containsExactly(2L);
        assertThat(ids(index, "parser")).containsExactly(3L);
        assertThat(ids(index, "html")).containsExactly(3L);
        assertThat(ids(index, "img")).containsExactly(4L);
        assertThat(ids(index, "2024")).containsExactly(4L);
        assertThat(ids(index, "port")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ids(index, "xyz")).isEmpty();
        assertThat(ids(index, "-- !")).isEmpty();
    }

    @Test
    void severalWords_mustAllMatch_eachInNameOrContent() throws IOException {
        add(
                doc(1, "Rapport annuel.pdf").content("budget 2023 et perspectives"),
                doc(2, "Rapport mensuel.pdf"),
                doc(3, "Budget.xlsx"));

        assertThat(ids(index, "rapport")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ids(index, "rapport budget")).containsExactly(1L);
        assertThat(ids(index, "rapport annuel")).containsExactly(1L);
        assertThat(ids(index, "  mensuel   RAPPORT ")).containsExactly(2L);
        assertThat(ids(index, "rapport inexistant")).isEmpty();
    }

    @Test
    void ranking_wholeWordThenWordStartThenMidWordThenContentOnly() throws IOException {
        add(
                doc(1, "Rapport.txt"),
                doc(2, "notes.txt").content("the ferry leaves the port at noon"),
                doc(3, "port.txt"),
                doc(4, "portable.txt"),
                doc(5, "Old port of Marseille history.txt"));

        List<SearchHit> hits = index.search(query("port").build()).hits();

        assertThat(hits).extracting(SearchHit::id).containsExactly(3L, 5L, 4L, 1L, 2L);
        assertThat(hits).extracting(SearchHit::score).isSortedAccordingTo((a, b) -> Float.compare(b, a));
        assertThat(hits.get(1).score()).isGreaterThan(hits.get(2).score());
    }

    @Test
    void otherOwnersItems_neverAppear_evenWhenTheyMatch() throws IOException {
        add(
                doc(1, "secret-plan.txt").content("secret"),
                doc(2, "secret-plan.txt").owner(BOB).content("secret"),
                doc(3, "Secrets").owner(BOB).folder());

        assertThat(ids(index, "secret")).containsExactly(1L);
        assertThat(ids(index, query("").build())).containsExactly(1L);
        assertThat(index.suggest(Set.of(ALICE), "sec", 10))
                .extracting(Suggestion::id)
                .containsExactly(1L);
        assertThat(ids(index, query("secret").owners(ALICE, BOB).build())).containsExactlyInAnyOrder(1L, 2L, 3L);
        assertThatThrownBy(() -> query("secret").owners().build()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void upsertsReplace_deletesRemove_visibleToTheNextSearch() throws IOException {
        add(doc(1, "draft.txt"), doc(2, "other.txt"));
        assertThat(ids(index, "draft")).containsExactly(1L);

        add(doc(1, "final.txt"));
        assertThat(ids(index, "draft")).isEmpty();
        assertThat(ids(index, "final")).containsExactly(1L);
        assertThat(index.count()).isEqualTo(2);

        index.apply(List.of(), List.of(1L));
        assertThat(ids(index, "final")).isEmpty();
        assertThat(index.count()).isEqualTo(1);

        index.apply(List.of(doc(3, "both.txt").build()), List.of(3L, 99L));
        assertThat(ids(index, "both")).isEmpty();
        assertThat(index.count()).isEqualTo(1);
    }

    @Test
    void suggest_nameStartsFirst_thenWordStarts_thenMidWord_shorterFirst() throws IOException {
        add(
                doc(1, "Mon rapport final.docx"),
                doc(2, "Xrapport.txt"),
                doc(3, "Rapport.pdf"),
                doc(4, "Ancien_rapports.txt"),
                doc(5, "Rapports").folder(),
                doc(6, "rap.txt"),
                doc(7, "rapide.txt").owner(BOB),
                doc(8, "unrelated.txt"));

        List<Suggestion> suggestions = index.suggest(Set.of(ALICE), "RAP", 20);

        assertThat(suggestions).extracting(Suggestion::id).containsExactly(6L, 5L, 3L, 4L, 1L, 2L);
        assertThat(suggestions.get(1)).isEqualTo(new Suggestion(5, "Rapports", true));
        assertThat(suggestions.get(0)).isEqualTo(new Suggestion(6, "rap.txt", false));
        assertThat(index.suggest(Set.of(ALICE), "rap", 2))
                .extracting(Suggestion::id)
                .containsExactly(6L, 5L);
        assertThat(index.suggest(Set.of(ALICE), "rapport fi", 5))
                .extracting(Suggestion::id)
                .containsExactly(1L);
        assertThat(index.suggest(Set.of(ALICE), "  ", 5)).isEmpty();
        assertThatThrownBy(() -> index.suggest(Set.of(ALICE), "rap", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.suggest(Set.of(ALICE), "rap", 21)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.suggest(Set.of(), "rap", 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void content_ofExtractedFiles_isSearchable_butNotMarkup() throws Exception {
        TextExtractor extractor = new TextExtractor(1_000_000, 50L << 20);
        Path pdf = TextExtractorTest.pdf(dir.resolve("a.pdf"), "Quarterly figures for Marseille harbour");
        Path html = TextExtractorTest.write(
                dir.resolve("p.html"),
                "<html><body><p class=\"hiddenattr\">Bonjour <b>le monde</b> &amp; merci</p></body></html>");
        Path md = TextExtractorTest.write(dir.resolve("m.md"), "# Titre\n\nLes **chiffres** clés du trimestre");
        Path csv = TextExtractorTest.write(dir.resolve("c.csv"), "name;city\nAlice;Zürich\n");
        add(
                doc(1, "a.pdf").content(extractor.extract(pdf, "application/pdf", "a.pdf")),
                doc(2, "p.html").content(extractor.extract(html, "text/html", "p.html")),
                doc(3, "m.md").content(extractor.extract(md, "text/markdown", "m.md")),
                doc(4, "c.csv").content(extractor.extract(csv, "text/csv", "c.csv")));

        assertThat(ids(index, "marseille")).containsExactly(1L);
        assertThat(ids(index, "quarterly harbour")).containsExactly(1L);
        assertThat(ids(index, "monde")).containsExactly(2L);
        assertThat(ids(index, "hiddenattr")).isEmpty();
        assertThat(ids(index, "body")).isEmpty();
        assertThat(ids(index, "cles chiffres")).containsExactly(3L);
        assertThat(ids(index, "zurich")).containsExactly(4L);
    }

    @Test
    void results_carryTheExactTotal_andScoresOnlyWhenByRelevance() throws IOException {
        for (int i = 1; i <= 30; i++) {
            add(doc(i, "photo " + i + ".jpg"));
        }
        SearchResults page = index.search(query("photo").page(20, 5).build());
        assertThat(page.total()).isEqualTo(30);
        assertThat(page.hits()).hasSize(5);
        assertThat(page.hits()).allSatisfy(hit -> assertThat(hit.score()).isPositive());

        SearchResults byName = index.search(
                query("photo").sort(SearchSort.NAME, false).page(28, 5).build());
        assertThat(byName.total()).isEqualTo(30);
        assertThat(byName.hits())
                .hasSize(2)
                .allSatisfy(hit -> assertThat(hit.score()).isZero());
    }

    @Test
    void queryValidation_limitsAndOffsets() {
        assertThatThrownBy(() -> query("x").page(0, 0).build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> query("x").page(0, 201).build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> query("x").page(-1, 10).build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> query("x").page(SearchQuery.MAX_OFFSET + 1, 10).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new IndexDoc(1, ALICE, 1, null, "a", false, 0, null, null, Fixtures.T0, null).mimeCategory())
                .isEqualTo("other");
    }
}
