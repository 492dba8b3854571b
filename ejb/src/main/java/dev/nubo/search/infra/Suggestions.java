package dev.nubo.search.infra;

import dev.nubo.search.api.Suggestion;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;

/**
 * Type-ahead over names. Every typed word must start a word of the name (one edge n-gram term) or, from {@value
 * Analysis#MIN_INFIX} characters on, appear inside one; the order is: names starting with the typed text, then names
 * where every typed word starts a word, then names that only contain it, each group shortest name first. Only
 * constant-score term and prefix queries and doc-value sorts are involved, which keeps a suggestion to a few
 * milliseconds over a hundred thousand names.
 */
final class Suggestions {
    static final int MAX_LIMIT = 20;

    private static final float NAME_START = 16f;
    private static final float WORD_START = 4f;
    private static final float INSIDE_WORD = 1f;
    private static final Sort ORDER = new Sort(
            SortField.FIELD_SCORE,
            new SortField(IndexFields.NAME_LENGTH, SortField.Type.LONG),
            new SortField(IndexFields.NAME_SORT, SortField.Type.STRING),
            new SortField(IndexFields.ID, SortField.Type.LONG));
    private static final int ID_SORT_VALUE = 3;
    private static final Set<String> SHOWN = Set.of(IndexFields.NAME, IndexFields.KIND);

    private Suggestions() {}

    static List<Suggestion> suggest(IndexSearcher searcher, Set<UUID> owners, String typed, int limit)
            throws IOException {
        if (owners == null || owners.isEmpty()) {
            throw new IllegalArgumentException("suggestions need the owners whose files they may show");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + ", not " + limit);
        }
        List<String> terms = Analysis.terms(Analysis.NAME_QUERY, Analysis.nfc(typed == null ? "" : typed));
        if (terms.isEmpty()) {
            return List.of();
        }
        TopFieldDocs top =
                searcher.search(query(owners, terms), new TopFieldCollectorManager(ORDER, limit, null, limit));
        StoredFields stored = searcher.storedFields();
        List<Suggestion> suggestions = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc hit : top.scoreDocs) {
            Document doc = stored.document(hit.doc, SHOWN);
            suggestions.add(new Suggestion(
                    (Long) ((FieldDoc) hit).fields[ID_SORT_VALUE],
                    doc.get(IndexFields.NAME),
                    IndexFields.FOLDER.equals(doc.get(IndexFields.KIND))));
        }
        return suggestions;
    }

    private static Query query(Set<UUID> owners, List<String> terms) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        query.add(SearchQueries.owners(owners), Occur.FILTER);
        query.add(SearchQueries.allOf(terms, Suggestions::typedWord), Occur.MUST);
        String key = String.join(" ", terms);
        query.add(
                SearchQueries.constant(new PrefixQuery(new Term(IndexFields.NAME_KEY, key)), NAME_START), Occur.SHOULD);
        return query.build();
    }

    private static Query typedWord(String term) {
        BooleanQuery.Builder either = new BooleanQuery.Builder();
        either.add(SearchQueries.constant(SearchQueries.wordStart(term), WORD_START), Occur.SHOULD);
        if (term.length() >= Analysis.MIN_INFIX && term.length() <= Analysis.MAX_GRAM) {
            either.add(SearchQueries.constant(SearchQueries.insideWord(term), INSIDE_WORD), Occur.SHOULD);
        }
        return either.build();
    }
}
