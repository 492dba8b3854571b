package dev.nubo.dav.core;

import dev.nubo.files.api.NodeName;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Paths as DAV clients send them and hrefs as DAV answers them: percent-encoded UTF-8, one segment per name.
 * Decoding is strict (a stray '%' or bytes that are not UTF-8 are refused, never guessed) and names are checked
 * by {@link NodeName}; encoding escapes everything but RFC 3986 unreserved characters and a few safe sub-delims,
 * so spaces, '#', '%', '?', '&', '+' and quotes survive every client.
 */
public final class DavPath {
    private DavPath() {}

    /** The names of a raw (still encoded) path below the tree's root: "/a%20b/c/" gives ["a b", "c"]. */
    public static List<NodeName> names(String rawPath) {
        List<NodeName> names = new ArrayList<>();
        for (String segment : rawPath.split("/", -1)) {
            if (segment.isEmpty()) {
                continue;
            }
            String decoded = decode(segment);
            if (decoded.equals(".") || decoded.equals("..")) {
                throw NuboException.invalid("a path may not contain '.' or '..' segments");
            }
            names.add(NodeName.of(decoded));
        }
        return names;
    }

    /**
     * The decoded segments of a raw path, empty ones dropped, not checked as node names: for the virtual trees
     * (uploads, trash) whose segments are ids and chunk numbers rather than file names.
     */
    public static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        for (String s : rawPath.split("/")) {
            if (!s.isEmpty()) {
                segments.add(decode(s));
            }
        }
        return segments;
    }

    /** Strict percent-decoding of one segment to UTF-8 text. */
    public static String decode(String segment) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                if (i + 2 >= segment.length()) {
                    throw NuboException.invalid("a '%' in the path is not followed by two hex digits");
                }
                int hi = Character.digit(segment.charAt(i + 1), 16);
                int lo = Character.digit(segment.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw NuboException.invalid("a '%' in the path is not followed by two hex digits");
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c < 0x100) {
                // a raw byte the container passed through as ISO-8859-1 (clients that send unencoded UTF-8)
                bytes.write(c);
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < segment.length()) {
                    utf8 = segment.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.writeBytes(utf8);
            }
        }
        return Payloads.strictUtf8(bytes.toByteArray(), "path");
    }

    /** One name as an href segment. */
    public static String encode(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 8);
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~'
                    || c == '!'
                    || c == '$'
                    || c == '('
                    || c == ')'
                    || c == '*'
                    || c == ','
                    || c == ';'
                    || c == '='
                    || c == ':'
                    || c == '@') {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
                sb.append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb.toString();
    }

    /** An href: the encoded base, then each name encoded, with a trailing slash for collections. */
    public static String href(String base, List<String> names, boolean collection) {
        StringBuilder sb = new StringBuilder(base);
        for (String n : names) {
            if (sb.charAt(sb.length() - 1) != '/') {
                sb.append('/');
            }
            sb.append(encode(n));
        }
        if (collection && sb.charAt(sb.length() - 1) != '/') {
            sb.append('/');
        }
        return sb.toString();
    }
}
