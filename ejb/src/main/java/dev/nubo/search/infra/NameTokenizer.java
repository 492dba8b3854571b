package dev.nubo.search.infra;

import java.io.IOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * Splits a file name into the words people type: on anything that is neither letter nor digit ({@code _ . - space}),
 * between a lower-case and an upper-case letter ({@code rapportFinal}), before the last capital of a capital run
 * followed by lower case ({@code HTMLParser}), and between letters and digits ({@code IMG2024}). With {@code
 * catenate}, a run that was split is also kept whole ({@code rapportfinal}), so that typing it without the separator
 * still finds it; queries do not catenate, or every query would have to match the run whole as well.
 *
 * <p>The text is brought to Unicode NFC first: clients on macOS send decomposed names ({@code e} + combining acute),
 * which would otherwise split words at the accent and escape accent folding.
 */
final class NameTokenizer extends Tokenizer {
    /** Longer input is cut: names are at most 255 bytes on every file system Nubo syncs with. */
    static final int MAX_CHARS = 1024;

    private final boolean catenate;
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private final PositionIncrementAttribute position = addAttribute(PositionIncrementAttribute.class);
    private final List<Span> spans = new ArrayList<>();
    private String text;
    private int next;

    NameTokenizer(boolean catenate) {
        this.catenate = catenate;
    }

    /** A word of the name: characters {@code [start, end)}, at the next position or at the same one. */
    record Span(int start, int end, boolean samePosition) {}

    @Override
    public boolean incrementToken() throws IOException {
        clearAttributes();
        if (text == null) {
            text = Normalizer.normalize(readAll(), Normalizer.Form.NFC);
            spans.addAll(split(text, catenate));
        }
        if (next >= spans.size()) {
            return false;
        }
        Span span = spans.get(next++);
        term.append(text, span.start(), span.end());
        offset.setOffset(correctOffset(span.start()), correctOffset(span.end()));
        position.setPositionIncrement(span.samePosition() ? 0 : 1);
        return true;
    }

    @Override
    public void end() throws IOException {
        super.end();
        int last = correctOffset(text == null ? 0 : text.length());
        offset.setOffset(last, last);
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        text = null;
        spans.clear();
        next = 0;
    }

    private String readAll() throws IOException {
        StringBuilder all = new StringBuilder();
        char[] buffer = new char[256];
        for (int read; all.length() < MAX_CHARS && (read = input.read(buffer)) != -1; ) {
            all.append(buffer, 0, Math.min(read, MAX_CHARS - all.length()));
        }
        return all.toString();
    }

    /** The words of {@code s}, in order; each split run preceded by the whole run when {@code catenate}. */
    static List<Span> split(String s, boolean catenate) {
        List<Span> words = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            while (i < s.length() && !isWordChar(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            int start = i;
            while (i < s.length() && isWordChar(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            if (i > start) {
                int before = words.size();
                splitRun(s, start, i, words);
                if (catenate && words.size() - before > 1) {
                    // the whole run first: offsets may not go backwards, and it starts where its first part does
                    Span first = words.get(before);
                    words.set(before, new Span(first.start(), first.end(), true));
                    words.add(before, new Span(start, i, false));
                }
            }
        }
        return words;
    }

    private static void splitRun(String s, int start, int end, List<Span> words) {
        int wordStart = start;
        int previous = s.codePointAt(start);
        for (int i = start + Character.charCount(previous); i < end; ) {
            int current = s.codePointAt(i);
            int width = Character.charCount(current);
            if (isMark(current)) {
                i += width;
                continue;
            }
            int following = i + width < end ? s.codePointAt(i + width) : -1;
            if (isBoundary(previous, current, following)) {
                words.add(new Span(wordStart, i, false));
                wordStart = i;
            }
            previous = current;
            i += width;
        }
        words.add(new Span(wordStart, end, false));
    }

    private static boolean isBoundary(int previous, int current, int following) {
        boolean previousDigit = Character.isDigit(previous);
        boolean currentDigit = Character.isDigit(current);
        if (previousDigit != currentDigit) {
            return true;
        }
        if (!isUpper(current)) {
            return false;
        }
        return Character.isLowerCase(previous)
                || (isUpper(previous) && following != -1 && Character.isLowerCase(following));
    }

    private static boolean isUpper(int c) {
        return Character.isUpperCase(c) || Character.isTitleCase(c);
    }

    private static boolean isWordChar(int c) {
        return Character.isLetterOrDigit(c) || isMark(c);
    }

    private static boolean isMark(int c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK;
    }
}
