package dev.nubo.files.api;

import dev.nubo.platform.api.NuboException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * One page of a folder, folders first. {@code next} is the keyset cursor for the following page (absent on the
 * last one): the kind, sort key and name of the last entry, so a page costs the same at any depth.
 */
public record ListingPage(List<NodeView> entries, Optional<Cursor> next) {
    /** {@code key} is the last entry's sort value in text form (the name, a size, a timestamp, a type). */
    public record Cursor(ListingQuery.Sort sort, boolean folder, String key, String name) {
        private static final char SEP = '\u0000';

        /** An opaque, URL-safe token for clients. */
        public String encode() {
            String raw = sort.name() + SEP + (folder ? 'd' : 'f') + SEP + key + SEP + name;
            return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
        }

        public static Cursor decode(String token) {
            try {
                String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
                String[] parts = raw.split(String.valueOf(SEP), -1);
                if (parts.length != 4 || !(parts[1].equals("d") || parts[1].equals("f"))) {
                    throw new IllegalArgumentException();
                }
                ListingQuery.Sort sort = ListingQuery.Sort.valueOf(parts[0]);
                if (sort == ListingQuery.Sort.SIZE) {
                    Long.parseLong(parts[2]);
                } else if (sort == ListingQuery.Sort.MODIFIED) {
                    java.time.OffsetDateTime.parse(parts[2]);
                }
                return new Cursor(sort, parts[1].equals("d"), parts[2], parts[3]);
            } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
                throw NuboException.invalid("the cursor is not one this server issued");
            }
        }
    }
}
