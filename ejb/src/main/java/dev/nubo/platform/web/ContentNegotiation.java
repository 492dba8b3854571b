package dev.nubo.platform.web;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The request headers a static file answers to: Accept-Encoding and If-None-Match. */
public final class ContentNegotiation {
    /** The precompressed forms the build writes beside a file, best first: its coding and file suffix. */
    public enum Coding {
        BR("br", ".br"),
        GZIP("gzip", ".gz");

        public final String token;
        public final String suffix;

        Coding(String token, String suffix) {
            this.token = token;
            this.suffix = suffix;
        }
    }

    private ContentNegotiation() {}

    /**
     * The codings the client accepts, best first: highest weight, brotli before gzip on a tie. RFC 9110 section
     * 12.5.3: {@code Accept-Encoding = #( ( content-coding / "identity" / "*" ) [ weight ] )}, {@code weight = OWS ";"
     * OWS "q=" qvalue}; {@code q=0} means "not acceptable"; a coding not named takes the weight of {@code *}, if any.
     * An element with a malformed weight counts as not acceptable, so a garbled header gets the plain file.
     */
    public static List<Coding> accepted(String header) {
        if (header == null || header.isBlank() || header.length() > 1024) {
            return List.of();
        }
        double br = weight(header, Set.of("br"));
        double gzip = weight(header, Set.of("gzip", "x-gzip"));
        if (br > 0 && gzip > 0) {
            return gzip > br ? List.of(Coding.GZIP, Coding.BR) : List.of(Coding.BR, Coding.GZIP);
        }
        if (br > 0) {
            return List.of(Coding.BR);
        }
        return gzip > 0 ? List.of(Coding.GZIP) : List.of();
    }

    private static double weight(String header, Set<String> coding) {
        Optional<Double> named = Optional.empty();
        Optional<Double> any = Optional.empty();
        for (String element : header.split(",")) {
            String[] parts = element.split(";");
            String name = parts[0].strip().toLowerCase(Locale.ROOT);
            if (coding.contains(name) && named.isEmpty()) {
                named = Optional.of(q(parts));
            } else if (name.equals("*") && any.isEmpty()) {
                any = Optional.of(q(parts));
            }
        }
        return named.isPresent() ? named.get() : any.orElse(0.0);
    }

    private static double q(String[] parts) {
        if (parts.length == 1) {
            return 1.0;
        }
        if (parts.length > 2) {
            return 0.0;
        }
        String p = parts[1].strip();
        if (!p.regionMatches(true, 0, "q=", 0, 2)) {
            return 0.0;
        }
        String value = p.substring(2).strip();
        // qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
        if (!value.matches("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?")) {
            return 0.0;
        }
        return Double.parseDouble(value);
    }

    /**
     * Whether an If-None-Match header matches the current entity tag (RFC 9110 section 13.1.2: weak comparison,
     * {@code *} matches any current representation). A malformed header matches nothing, so the full answer goes out.
     */
    public static boolean noneMatchHits(String header, String etag) {
        if (header == null || header.isBlank()) {
            return false;
        }
        String current = opaque(etag);
        for (String tag : header.split(",")) {
            String t = tag.strip();
            if (t.equals("*") || opaque(t).equals(current)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
