package dev.nubo.files.api;

import dev.nubo.platform.api.NuboException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * The name of a file or folder: Unicode normalised to NFC (so "é" typed on macOS and on Windows is one name), at
 * most 255 bytes of UTF-8, never empty, ".", "..", and never containing "/", NUL or another control character.
 * Construction validates; {@link #of} also normalises.
 */
public record NodeName(String value) {
    public static final int MAX_BYTES = 255;

    public NodeName {
        String problem = problem(value);
        if (problem != null) {
            throw NuboException.invalid(problem);
        }
    }

    /** Normalises to NFC, then validates. */
    public static NodeName of(String raw) {
        if (raw == null) {
            throw NuboException.invalid("a name is required");
        }
        return new NodeName(Normalizer.normalize(raw, Normalizer.Form.NFC));
    }

    static String problem(String value) {
        if (value == null || value.isEmpty()) {
            return "a name is required";
        }
        if (value.equals(".") || value.equals("..")) {
            return "'" + value + "' is not a valid name";
        }
        if (!Normalizer.isNormalized(value, Normalizer.Form.NFC)) {
            return "the name is not in Unicode NFC form";
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '/') {
                return "a name cannot contain '/'";
            }
            if (Character.isISOControl(c)) {
                return "a name cannot contain control characters";
            }
            if (Character.isSurrogate(c)
                    && !(Character.isHighSurrogate(c)
                            && i + 1 < value.length()
                            && Character.isLowSurrogate(value.charAt(++i)))) {
                return "the name is not valid Unicode";
            }
        }
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "a name can have at most " + MAX_BYTES + " bytes of UTF-8";
        }
        return null;
    }

    /** The name's extension without the dot, lower-cased; empty for none (".bashrc" has none). */
    public String extension() {
        int dot = value.lastIndexOf('.');
        return dot <= 0 || dot == value.length() - 1
                ? ""
                : value.substring(dot + 1).toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The n-th "keep both" variant: "report.pdf" → "report (1).pdf", "archive" → "archive (2)", ".env" → ".env (1)",
     * shortened before the suffix if the result would pass the byte limit.
     */
    public NodeName numbered(int n) {
        String suffix = " (" + n + ")";
        int dot = value.lastIndexOf('.');
        String stem = dot <= 0 ? value : value.substring(0, dot);
        String ext = dot <= 0 ? "" : value.substring(dot);
        while ((stem + suffix + ext).getBytes(StandardCharsets.UTF_8).length > MAX_BYTES && !stem.isEmpty()) {
            int cut = stem.offsetByCodePoints(stem.length(), -1);
            stem = stem.substring(0, cut);
        }
        return new NodeName(stem + suffix + ext);
    }

    @Override
    public String toString() {
        return value;
    }
}
