package dev.nubo.search.infra;

import dev.nubo.search.api.SearchQuery;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Turns a {@link SearchQuery} into a Lucene query and sort, built programmatically (there is no query parser, so
 * no query syntax a user could trip over). Every word must match (AND), each in the name or in the content. Name
 * matches score by fixed tiers so the order is predictable: whole word ({@value #WHOLE_WORD}, plus the word-start
 * tier it also meets, plus BM25 over name words, which favours shorter names), word start ({@value #WORD_START}),
 * inside a word ({@value #INSIDE_WORD}); content matches score BM25 scaled by {@value #CONTENT}, which keeps a
 * content-only hit below any name hit. Filters never score.
 */
final class SearchQueries {
    static final float WHOLE_WORD = 100f;
    static final float WORD_START = 30f;
    static final float INSIDE_WORD = 10f;
    static final float CONTENT = 0.05f;
    /** More words than this are ignored: a query is typed, not pasted, and clause counts stay bounded. */
    static final int MAX_WORDS = 16;

    private static final Analyzer CONTENT_QUERY = Analysis.content();
    private static final SortField BY_ID = new SortField(IndexFields.ID, SortField.Type.LONG);

    private SearchQueries() {}

    /** The query, or empty when the text has characters but no searchable word (only punctuation, say). */
    static Optional<Query> query(SearchQuery q) {
        BooleanQuery.Builder query = filters(q);
        if (!q.hasText()) {
            return Optional.of(query.build());
        }
        List<String> words = Arrays.stream(Analysis.nfc(q.text()).trim().split("\\s+"))
                .limit(MAX_WORDS)
                .toList();
        boolean any = false;
        for (String word : words) {
            Optional<Query> clause = word(word);
            if (clause.isPresent()) {
                query.add(clause.get(), Occur.MUST);
                any = true;
            }
        }
        return any ? Optional.of(query.build()) : Optional.empty();
    }

    /** One typed word: all its name terms in the name, or all its content terms in the content. */
    private static Optional<Query> word(String word) {
        List<String> nameTerms = Analysis.terms(Analysis.NAME_QUERY, word);
        List<String> contentTerms = Analysis.terms(CONTENT_QUERY, word);
        if (nameTerms.isEmpty() && contentTerms.isEmpty()) {
            return Optional.empty();
        }
        BooleanQuery.Builder either = new BooleanQuery.Builder();
        if (!nameTerms.isEmpty()) {
            either.add(allOf(nameTerms, SearchQueries::nameTerm), Occur.SHOULD);
        }
        if (!contentTerms.isEmpty()) {
            Query content = allOf(contentTerms, t -> new TermQuery(new Term(IndexFields.CONTENT, t)));
            either.add(new BoostQuery(content, CONTENT), Occur.SHOULD);
        }
        return Optional.of(either.build());
    }

    private static Query nameTerm(String term) {
        BooleanQuery.Builder tiers = new BooleanQuery.Builder();
        Term word = new Term(IndexFields.NAME_WORDS, term);
        tiers.add(constant(new TermQuery(word), WHOLE_WORD), Occur.SHOULD);
        tiers.add(new TermQuery(word), Occur.SHOULD);
        tiers.add(constant(wordStart(term), WORD_START), Occur.SHOULD);
        if (term.length() >= Analysis.MIN_INFIX && term.length() <= Analysis.MAX_GRAM) {
            tiers.add(constant(insideWord(term), INSIDE_WORD), Occur.SHOULD);
        }
        return tiers.build();
    }

    /** Names with a word starting with {@code term}: one n-gram term when there is one. */
    static Query wordStart(String term) {
        return term.length() >= Analysis.MIN_GRAM && term.length() <= Analysis.MAX_GRAM
                ? new TermQuery(new Term(IndexFields.NAME_GRAMS, term))
                : new PrefixQuery(new Term(IndexFields.NAME_WORDS, term));
    }

    /** Names with {@code term} inside a word (not at its start). */
    static Query insideWord(String term) {
        return new PrefixQuery(new Term(IndexFields.NAME_INFIXES, term));
    }

    static Query constant(Query query, float score) {
        return new BoostQuery(new ConstantScoreQuery(query), score);
    }

    static Query allOf(List<String> terms, Function<String, Query> each) {
        if (terms.size() == 1) {
            return each.apply(terms.get(0));
        }
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        terms.forEach(t -> all.add(each.apply(t), Occur.MUST));
        return all.build();
    }

    private static BooleanQuery.Builder filters(SearchQuery q) {
        BooleanQuery.Builder filters = new BooleanQuery.Builder();
        filters.add(owners(q.owners()), Occur.FILTER);
        if (q.folders() != null) {
            filters.add(kind(q.folders()), Occur.FILTER);
        }
        if (!q.mimeCategories().isEmpty()) {
            filters.add(anyOf(IndexFields.CATEGORY, q.mimeCategories()), Occur.FILTER);
        }
        if (q.minSize() != null || q.maxSize() != null) {
            filters.add(kind(false), Occur.FILTER);
            long min = q.minSize() == null ? Long.MIN_VALUE : q.minSize();
            long max = q.maxSize() == null ? Long.MAX_VALUE : q.maxSize();
            filters.add(range(IndexFields.SIZE, min, max), Occur.FILTER);
        }
        if (q.modifiedAfter() != null || q.modifiedBefore() != null) {
            long from = q.modifiedAfter() == null ? Long.MIN_VALUE : millisAtOrAfter(q.modifiedAfter());
            long to = q.modifiedBefore() == null ? Long.MAX_VALUE : millisBefore(q.modifiedBefore());
            filters.add(range(IndexFields.MODIFIED, from, to), Occur.FILTER);
        }
        if (q.withinFolder() != null) {
            filters.add(LongPoint.newExactQuery(IndexFields.ANCESTOR, q.withinFolder()), Occur.FILTER);
        }
        return filters;
    }

    static Query owners(Set<UUID> owners) {
        return anyOf(IndexFields.OWNER, owners.stream().map(UUID::toString).toList());
    }

    private static Query kind(boolean folder) {
        return new TermQuery(new Term(IndexFields.KIND, folder ? IndexFields.FOLDER : IndexFields.FILE));
    }

    private static Query anyOf(String field, Collection<String> values) {
        if (values.size() == 1) {
            return new TermQuery(new Term(field, values.iterator().next()));
        }
        return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
    }

    private static Query range(String field, long min, long max) {
        return new IndexOrDocValuesQuery(
                LongPoint.newRangeQuery(field, min, max), NumericDocValuesField.newSlowRangeQuery(field, min, max));
    }

    /** The first whole millisecond at or after {@code t} (stored times are milliseconds). */
    private static long millisAtOrAfter(Instant t) {
        try {
            long floor = t.toEpochMilli();
            return t.getNano() % 1_000_000 == 0 ? floor : floor + 1;
        } catch (ArithmeticException beyondRange) {
            return t.isBefore(Instant.EPOCH) ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** The last whole millisecond before {@code t}. */
    private static long millisBefore(Instant t) {
        try {
            long floor = t.toEpochMilli();
            return t.getNano() % 1_000_000 == 0 && floor != Long.MIN_VALUE ? floor - 1 : floor;
        } catch (ArithmeticException beyondRange) {
            return t.isBefore(Instant.EPOCH) ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** The requested order, always ending with the id so that pages are stable. */
    static Sort sort(SearchQuery q) {
        boolean reverse = q.descending();
        return switch (q.sort()) {
            case RELEVANCE ->
                q.hasText()
                        ? new Sort(SortField.FIELD_SCORE, BY_ID)
                        : new Sort(new SortField(IndexFields.MODIFIED, SortField.Type.LONG, true), BY_ID);
            case NAME -> new Sort(new SortField(IndexFields.NAME_SORT, SortField.Type.STRING, reverse), BY_ID);
            case SIZE -> new Sort(new SortField(IndexFields.SIZE, SortField.Type.LONG, reverse), BY_ID);
            case MODIFIED -> new Sort(new SortField(IndexFields.MODIFIED, SortField.Type.LONG, reverse), BY_ID);
        };
    }
}
