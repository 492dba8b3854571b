package dev.nubo.files.api;

import java.nio.charset.StandardCharsets;

/**
 * Builds {@code Content-Disposition} values that carry any file name safely (RFC 6266): a quoted ASCII fallback for
 * old clients plus {@code filename*} in the RFC 8187 encoding ({@code UTF-8''} and percent-encoded bytes) for the
 * real name. Quotes, backslashes and control characters never reach the header unescaped.
 */
public final class ContentDisposition {
    private ContentDisposition() {}

    public static String attachment(String filename) {
        return "attachment; " + parameters(filename);
    }

    public static String inline(String filename) {
        return "inline; " + parameters(filename);
    }

    static String parameters(String filename) {
        return "filename=\"" + asciiFallback(filename) + "\"; filename*=UTF-8''" + rfc8187(filename);
    }

    /** Printable ASCII only; anything else, and '"', '\\' and '%', becomes '_'. */
    static String asciiFallback(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        name.codePoints()
                .forEach(cp ->
                        sb.append(cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\' && cp != '%' ? (char) cp : '_'));
        return sb.toString();
    }

    /** RFC 8187 value-chars: attr-char as is, every other UTF-8 byte as %XX. */
    static String rfc8187(String name) {
        StringBuilder sb = new StringBuilder(name.length() * 3);
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (isAttrChar(c)) {
                sb.append((char) c);
            } else {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return sb.toString();
    }

    private static boolean isAttrChar(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "!#$&+-.^_`|~".indexOf(c) >= 0;
    }
}
