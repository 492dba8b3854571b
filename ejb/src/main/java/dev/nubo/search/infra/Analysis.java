package dev.nubo.search.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The analyzers, one per way of matching, all case- and accent-insensitive (ASCII folding, then lower case):
 *
 * <ul>
 *   <li>name words: {@link NameTokenizer} words and catenated runs, matched whole;
 *   <li>name grams: edge n-grams ({@value #MIN_GRAM}..{@value #MAX_GRAM}) of those, so a word prefix is one term;
 *   <li>name infixes: proper suffixes (see {@link InfixFilter}), prefix-queried for text inside a word;
 *   <li>content: the standard tokenizer (Unicode word breaks), no n-grams: content is long and matched by word.
 * </ul>
 *
 * Queries analyze names with the plain word analyzer (no n-grams, no catenation): a typed word is one term.
 */
final class Analysis {
    static final int MIN_GRAM = 2;
    static final int MAX_GRAM = 20;
    /** Shorter text inside a word matches too much to be worth a term per suffix. */
    static final int MIN_INFIX = 3;
    /** Sort and prefix keys are cut here: nobody sorts by the 300th character of a name. */
    private static final int MAX_KEY_CHARS = 256;

    /** Name words for queries: split, folded, lower-cased, not catenated. */
    static final Analyzer NAME_QUERY = nameAnalyzer(false, Extra.NONE);

    private Analysis() {}

    private enum Extra {
        NONE,
        GRAMS,
        INFIXES
    }

    /** What the index writer analyzes each field with. */
    static Analyzer indexing() {
        return new PerFieldAnalyzerWrapper(
                content(),
                Map.of(
                        IndexFields.NAME_WORDS, nameAnalyzer(true, Extra.NONE),
                        IndexFields.NAME_GRAMS, nameAnalyzer(true, Extra.GRAMS),
                        IndexFields.NAME_INFIXES, nameAnalyzer(false, Extra.INFIXES)));
    }

    static Analyzer content() {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                Tokenizer tokenizer = new StandardTokenizer();
                return new TokenStreamComponents(tokenizer, fold(tokenizer));
            }
        };
    }

    private static Analyzer nameAnalyzer(boolean catenate, Extra extra) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String field) {
                Tokenizer tokenizer = new NameTokenizer(catenate);
                TokenStream stream = fold(tokenizer);
                stream = switch (extra) {
                    case NONE -> stream;
                    case GRAMS -> new EdgeNGramTokenFilter(stream, MIN_GRAM, MAX_GRAM, false);
                    case INFIXES -> new InfixFilter(stream, MIN_INFIX, MAX_GRAM);
                };
                return new TokenStreamComponents(tokenizer, stream);
            }
        };
    }

    private static TokenStream fold(TokenStream stream) {
        return new LowerCaseFilter(new ASCIIFoldingFilter(stream));
    }

    /** The terms {@code analyzer} makes of {@code text}, in order. */
    static List<String> terms(Analyzer analyzer, String text) {
        List<String> terms = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream("", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                terms.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing a string cannot fail", e);
        }
        return terms;
    }

    /** {@code name}'s words, folded and space-separated: what "the name starts with" compares against. */
    static String nameKey(String name) {
        return cut(String.join(" ", terms(NAME_QUERY, name)));
    }

    /** The case- and accent-insensitive sort key of a name: folded and lower-cased, punctuation kept. */
    static String sortKey(String name) {
        String text = cut(nfc(name));
        char[] folded = new char[text.length() * 4];
        int length = ASCIIFoldingFilter.foldToASCII(text.toCharArray(), 0, folded, 0, text.length());
        return new String(folded, 0, length).toLowerCase(Locale.ROOT);
    }

    /** Unicode NFC, the form names and words are compared in (macOS sends decomposed accents). */
    static String nfc(String text) {
        return Normalizer.isNormalized(text, Normalizer.Form.NFC)
                ? text
                : Normalizer.normalize(text, Normalizer.Form.NFC);
    }

    private static String cut(String key) {
        if (key.length() <= MAX_KEY_CHARS) {
            return key;
        }
        int end = Character.isHighSurrogate(key.charAt(MAX_KEY_CHARS - 1)) ? MAX_KEY_CHARS - 1 : MAX_KEY_CHARS;
        return key.substring(0, end);
    }
}
