package dev.nubo.collections.infra;

import java.util.List;

/** PostgreSQL array literals for native query parameters (cast in SQL: {@code CAST(?1 AS text[])}). */
final class PgArrays {
    private PgArrays() {}

    /** {@code {"a","b \"c\""}}: every element quoted, quotes and backslashes escaped. */
    static String literal(List<String> values) {
        StringBuilder sb = new StringBuilder("{");
        for (String v : values) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append('"');
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                if (c == '"' || c == '\\') {
                    sb.append('\\');
                }
                sb.append(c);
            }
            sb.append('"');
        }
        return sb.append('}').toString();
    }
}
