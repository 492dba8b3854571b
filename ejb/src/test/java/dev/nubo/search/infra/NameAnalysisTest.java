package dev.nubo.search.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.junit.jupiter.api.Test;

class NameAnalysisTest {
    private static final Analyzer INDEXING = Analysis.indexing();

    private static List<String> indexed(String field, String name) throws IOException {
        try (TokenStream stream = INDEXING.tokenStream(field, name)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            List<String> terms = new ArrayList<>();
            stream.reset();
            while (stream.incrementToken()) {
                terms.add(term.toString());
            }
            stream.end();
            return terms;
        }
    }

    @Test
    void queryWords_splitOnPunctuationCaseChangesAndDigits_foldedAndLowerCased() {
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "Rapport_Final.PDF")).containsExactly("rapport", "final", "pdf");
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "quarterlyBudgetReport"))
                .containsExactly("quarterly", "budget", "report");
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "HTMLParser.java")).containsExactly("html", "parser", "java");
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "IMG2024-été")).containsExactly("img", "2024", "ete");
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "Œuvres complètes")).containsExactly("oeuvres", "completes");
    }

    @Test
    void decomposedAccents_fromMacClients_foldLikeComposedOnes() {
        assertThat(Analysis.terms(Analysis.NAME_QUERY, "e\u0301te\u0301.txt")).containsExactly("ete", "txt");
    }

    @Test
    void indexedWords_alsoKeepSplitRunsWhole() throws IOException {
        assertThat(indexed(IndexFields.NAME_WORDS, "rapportFinal_v2"))
                .containsExactly("rapportfinal", "rapport", "final", "v2", "v", "2");
    }

    @Test
    void grams_areWordPrefixesFromTwoCharacters() throws IOException {
        assertThat(indexed(IndexFields.NAME_GRAMS, "Été 24")).containsExactly("et", "ete", "24");
    }

    @Test
    void infixes_areProperSuffixesOfAtLeastThreeCharacters() throws IOException {
        assertThat(indexed(IndexFields.NAME_INFIXES, "Rapport ok")).containsExactly("apport", "pport", "port", "ort");
    }

    @Test
    void sortKey_isFoldedAndLowerCased_punctuationKept() {
        assertThat(Analysis.sortKey("Été_2024.TXT")).isEqualTo("ete_2024.txt");
        assertThat(Analysis.nameKey("Rapport_Final.PDF")).isEqualTo("rapport final pdf");
    }
}
