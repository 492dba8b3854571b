package dev.nubo.search.api;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * A search: words, filters, order and page. Every filter narrows the results without changing their scores.
 *
 * @param owners results only from these owners' trees: the caller's readable scope; never empty, so that a missing
 *     scope can never mean "everybody's files"
 * @param text words, each of which must match the name (whole word, word start or inside a word) or the content;
 *     blank means browsing by the filters alone
 * @param folders {@code null} both, {@code true} folders only, {@code false} files only
 * @param mimeCategories any of these categories ({@code folder} selects folders); empty means any
 * @param minSize smallest size in bytes, inclusive; a size bound only ever matches files
 * @param maxSize largest size in bytes, inclusive; a size bound only ever matches files
 * @param modifiedAfter modified at or after this instant (inclusive)
 * @param modifiedBefore modified before this instant (exclusive), so that consecutive ranges never overlap
 * @param withinFolder only items somewhere below this folder (the folder itself excluded), or {@code null}
 * @param sort the order, {@link SearchSort#RELEVANCE} when {@code null}
 * @param descending reverses {@code NAME}, {@code SIZE} and {@code MODIFIED}; relevance is always best first
 * @param offset items to skip, 0 to {@value #MAX_OFFSET}: deep pages cost memory, refine the search instead
 * @param limit page size, 1 to {@value #MAX_LIMIT}
 */
public record SearchQuery(
        Set<UUID> owners,
        String text,
        Boolean folders,
        Set<String> mimeCategories,
        Long minSize,
        Long maxSize,
        Instant modifiedAfter,
        Instant modifiedBefore,
        Long withinFolder,
        SearchSort sort,
        boolean descending,
        int offset,
        int limit) {

    public static final int MAX_LIMIT = 200;
    public static final int MAX_OFFSET = 10_000;

    public SearchQuery {
        if (owners == null || owners.isEmpty()) {
            throw new IllegalArgumentException("a search needs the owners whose files it may see");
        }
        owners = Set.copyOf(owners);
        text = text == null ? "" : text;
        mimeCategories = mimeCategories == null ? Set.of() : Set.copyOf(mimeCategories);
        sort = sort == null ? SearchSort.RELEVANCE : sort;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + ", not " + limit);
        }
        if (offset < 0 || offset > MAX_OFFSET) {
            throw new IllegalArgumentException("offset must be 0.." + MAX_OFFSET + ", not " + offset);
        }
    }

    /** Words in the owners' trees, no filter, best first, the first 50 hits. */
    public static SearchQuery of(Set<UUID> owners, String text) {
        return new SearchQuery(
                owners, text, null, Set.of(), null, null, null, null, null, SearchSort.RELEVANCE, false, 0, 50);
    }

    /** Whether there are words to match, as opposed to browsing by filters alone. */
    public boolean hasText() {
        return !text.isBlank();
    }
}
