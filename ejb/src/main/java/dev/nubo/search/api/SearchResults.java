package dev.nubo.search.api;

import java.util.List;

/** One page of results and the exact number of items matching the query over all pages. */
public record SearchResults(long total, List<SearchHit> hits) {
    public SearchResults {
        hits = List.copyOf(hits);
    }

    public static SearchResults empty() {
        return new SearchResults(0, List.of());
    }
}
