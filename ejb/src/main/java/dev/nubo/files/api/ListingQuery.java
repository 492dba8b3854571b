package dev.nubo.files.api;

import dev.nubo.platform.api.NuboException;
import java.util.Locale;
import java.util.Optional;

/**
 * How to page through a folder: folders always first, then by {@code sort} (name breaking ties) in either
 * direction, {@code limit} entries after {@code after}.
 */
public record ListingQuery(Sort sort, boolean descending, Optional<ListingPage.Cursor> after, int limit) {
    public enum Sort {
        NAME,
        SIZE,
        MODIFIED,
        TYPE;

        public static Sort parse(String value) {
            if (value == null || value.isBlank()) {
                return NAME;
            }
            try {
                return valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw NuboException.invalid("sort must be name, size, modified or type");
            }
        }
    }

    public ListingQuery {
        if (limit < 1 || limit > FileTree.MAX_PAGE) {
            throw NuboException.invalid("limit must be between 1 and " + FileTree.MAX_PAGE);
        }
        if (after.isPresent() && after.get().sort() != sort) {
            throw NuboException.invalid("the cursor belongs to a listing in another order");
        }
    }

    public static ListingQuery byName(Optional<ListingPage.Cursor> after, int limit) {
        return new ListingQuery(Sort.NAME, false, after, limit);
    }
}
