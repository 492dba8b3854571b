package dev.nubo.search.infra;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * Replaces each word by its proper suffixes ({@code rapport} → {@code apport, pport, port, ort}), at least {@code
 * minLength} long and cut to {@code maxLength}. A prefix query over these finds text inside a word ({@code port} in
 * {@code Rapport}) at the cost of about one term per character, where indexing every n-gram would cost the square;
 * the word itself and its prefixes are left to the word and edge-n-gram fields, so a hit here means "mid-word".
 */
final class InfixFilter extends TokenFilter {
    private final int minLength;
    private final int maxLength;
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final PositionIncrementAttribute position = addAttribute(PositionIncrementAttribute.class);
    private char[] word = new char[32];
    private int wordLength;
    private int start;

    InfixFilter(TokenStream input, int minLength, int maxLength) {
        super(input);
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    @Override
    public boolean incrementToken() throws IOException {
        while (true) {
            while (start > 0 && start < wordLength && Character.isLowSurrogate(word[start])) {
                start++;
            }
            if (start > 0 && wordLength - start >= minLength) {
                break;
            }
            if (!input.incrementToken()) {
                return false;
            }
            wordLength = term.length();
            if (word.length < wordLength) {
                word = new char[wordLength];
            }
            System.arraycopy(term.buffer(), 0, word, 0, wordLength);
            start = 1;
        }
        int length = Math.min(maxLength, wordLength - start);
        if (Character.isHighSurrogate(word[start + length - 1])) {
            length--;
        }
        term.copyBuffer(word, start, length);
        position.setPositionIncrement(start == 1 ? 1 : 0);
        start++;
        return true;
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        wordLength = 0;
        start = 0;
    }
}
