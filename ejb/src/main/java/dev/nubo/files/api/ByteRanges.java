package dev.nubo.files.api;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses a {@code Range} header against a representation of known length (RFC 9110 section 14.1.2):
 *
 * <pre>
 * ranges-specifier = range-unit "=" range-set
 * range-set        = 1#range-spec
 * range-spec       = int-range / suffix-range
 * int-range        = first-pos "-" [ last-pos ]
 * suffix-range     = "-" suffix-length
 * </pre>
 *
 * A unit other than {@code bytes} is ignored (the whole representation is sent), as the RFC requires. A malformed
 * set — bad syntax, a last-pos before its first-pos, numbers that overflow, more than {@value #MAX_RANGES} ranges —
 * is {@link Invalid}, never silently read as absent; a well-formed set of which no range overlaps the content is
 * {@link Unsatisfiable} (416).
 */
public final class ByteRanges {
    /** More ranges than this in one request is a denial-of-service pattern, not a client need. */
    public static final int MAX_RANGES = 64;

    private static final int MAX_DIGITS = 18;

    public sealed interface Result permits Whole, Partial, Unsatisfiable, Invalid {}

    /** No Range header, or one in another unit: send everything. */
    public record Whole() implements Result {}

    /** The ranges to send, each clipped to the content, in the order asked. */
    public record Partial(List<Range> ranges) implements Result {}

    public record Unsatisfiable() implements Result {}

    public record Invalid(String reason) implements Result {}

    /** Inclusive byte positions. */
    public record Range(long first, long last) {
        public long length() {
            return last - first + 1;
        }
    }

    private ByteRanges() {}

    public static Result parse(String header, long contentLength) {
        if (header == null) {
            return new Whole();
        }
        String h = header.strip();
        int eq = h.indexOf('=');
        if (eq < 0) {
            return new Invalid("a Range header needs unit=ranges");
        }
        if (!h.substring(0, eq).strip().equalsIgnoreCase("bytes")) {
            return new Whole();
        }
        String[] specs = h.substring(eq + 1).split(",", -1);
        if (specs.length > MAX_RANGES) {
            return new Invalid("at most " + MAX_RANGES + " ranges per request");
        }
        List<Range> ranges = new ArrayList<>();
        for (String raw : specs) {
            String spec = raw.strip();
            int dash = spec.indexOf('-');
            if (spec.isEmpty() || dash < 0 || spec.indexOf('-', dash + 1) >= 0) {
                return new Invalid("malformed range '" + spec + "'");
            }
            String a = spec.substring(0, dash).strip();
            String b = spec.substring(dash + 1).strip();
            Long first = a.isEmpty() ? null : number(a);
            Long last = b.isEmpty() ? null : number(b);
            if ((!a.isEmpty() && first == null) || (!b.isEmpty() && last == null) || (first == null && last == null)) {
                return new Invalid("malformed range '" + spec + "'");
            }
            if (first == null) {
                // suffix-range: the last N bytes
                if (last > 0 && contentLength > 0) {
                    ranges.add(new Range(Math.max(0, contentLength - last), contentLength - 1));
                }
                continue;
            }
            if (last != null && last < first) {
                return new Invalid("range '" + spec + "' ends before it starts");
            }
            if (first < contentLength) {
                ranges.add(new Range(first, last == null ? contentLength - 1 : Math.min(last, contentLength - 1)));
            }
        }
        return ranges.isEmpty() ? new Unsatisfiable() : new Partial(List.copyOf(ranges));
    }

    private static Long number(String s) {
        if (s.length() > MAX_DIGITS) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(s);
    }
}
