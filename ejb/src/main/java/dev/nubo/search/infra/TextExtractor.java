package dev.nubo.search.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The searchable text of a file's content, bounded in characters read and in file size. Extracted:
 *
 * <ul>
 *   <li>plain text as UTF-8: {@code text/*} (but RTF), Markdown, source code ({@code java, kt, js, ts, py, c, h,
 *       cpp, cs, go, rs, rb, php, sh, css, sql, ...}), CSV/TSV, JSON, XML, YAML, TOML, INI, logs, and {@code
 *       application/*+json}, {@code +xml} types;
 *   <li>HTML and XHTML, markup stripped by Lucene's {@code HTMLStripCharFilter};
 *   <li>PDF, through PDFBox.
 * </ul>
 *
 * Anything else (office documents, media, archives) has no extracted text; its name is still indexed. Stateless and
 * thread-safe.
 */
public final class TextExtractor {
    private final int maxChars;
    private final long maxFileBytes;

    /**
     * @param maxChars at most this many characters per file (e.g. 1,000,000); the rest is not searchable
     * @param maxFileBytes files bigger than this (e.g. 50 MiB) are not read at all: their name is indexed, not their
     *     content
     */
    public TextExtractor(int maxChars, long maxFileBytes) {
        if (maxChars < 1 || maxFileBytes < 0) {
            throw new IllegalArgumentException(
                    "limits must be positive: " + maxChars + " chars, " + maxFileBytes + " bytes");
        }
        this.maxChars = maxChars;
        this.maxFileBytes = maxFileBytes;
    }

    /**
     * The searchable text of {@code file}, or null when its type is not text-like, it is too big, it has no text
     * (blank, binary, a PDF without text layer) or it cannot be parsed; never throws for bad content.
     *
     * @throws IOException when the file itself cannot be read (missing, no permission)
     */
    public String extract(Path file, String mimeType, String name) throws IOException {
        TextKind kind = TextKind.of(mimeType, name);
        if (kind == TextKind.NONE || Files.size(file) > maxFileBytes) {
            return null;
        }
        String text =
                switch (kind) {
                    case PDF -> PdfText.extract(file, maxChars);
                    case HTML -> TextFiles.read(file, maxChars, true);
                    default -> TextFiles.read(file, maxChars, false);
                };
        return text == null || text.isBlank() ? null : text;
    }

    /** Whether {@link #extract} looks into files of this type or name at all. */
    public static boolean extracts(String mimeType, String name) {
        return TextKind.of(mimeType, name) != TextKind.NONE;
    }
}
