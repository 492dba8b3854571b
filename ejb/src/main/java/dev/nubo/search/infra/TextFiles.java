package dev.nubo.search.infra;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.analysis.charfilter.HTMLStripCharFilter;

/**
 * Reads a text file as UTF-8, malformed bytes replaced (a Latin-1 file loses its accents, not its words). A byte
 * order mark is honoured, so that UTF-16 files from Windows editors read right; without one, a NUL byte near the
 * start means the "text" is binary, and it is skipped.
 */
final class TextFiles {
    private static final int SNIFF_BYTES = 8192;

    private TextFiles() {}

    /** Up to {@code maxChars} characters of the file, HTML markup stripped when {@code html}; null when binary. */
    static String read(Path file, int maxChars, boolean html) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), SNIFF_BYTES)) {
            Charset charset = charset(in);
            if (charset == null) {
                return null;
            }
            Reader reader = new InputStreamReader(
                    in,
                    charset.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPLACE)
                            .onUnmappableCharacter(CodingErrorAction.REPLACE));
            return BoundedText.read(html ? new HTMLStripCharFilter(reader) : reader, maxChars);
        }
    }

    /** The charset its byte order mark names (the mark skipped), UTF-8 without one, null when it looks binary. */
    private static Charset charset(InputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        byte[] head = in.readNBytes(SNIFF_BYTES);
        in.reset();
        if (startsWith(head, 0xEF, 0xBB, 0xBF)) {
            in.skipNBytes(3);
            return StandardCharsets.UTF_8;
        }
        if (startsWith(head, 0xFF, 0xFE)) {
            in.skipNBytes(2);
            return StandardCharsets.UTF_16LE;
        }
        if (startsWith(head, 0xFE, 0xFF)) {
            in.skipNBytes(2);
            return StandardCharsets.UTF_16BE;
        }
        for (byte b : head) {
            if (b == 0) {
                return null;
            }
        }
        return StandardCharsets.UTF_8;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
