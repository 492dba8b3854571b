package dev.nubo.search.service;

import dev.nubo.files.api.FileAccess;
import dev.nubo.platform.api.NuboException;
import dev.nubo.search.api.Search;
import dev.nubo.search.api.SearchHit;
import dev.nubo.search.api.SearchQuery;
import dev.nubo.search.api.SearchResults;
import dev.nubo.search.api.SearchSort;
import dev.nubo.search.api.Suggestion;
import dev.nubo.search.infra.SqlSearchSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Search for one caller: the index answers within the caller's scope (today, what they own; grants from sharing
 * will widen the scope here), then one query confirms the page's hits against the database and gives their paths.
 */
@ApplicationScoped
public class SearchBean implements Search {
    static final int MAX_TEXT = 200;

    @Inject
    SearchIndexer indexer;

    @Inject
    SqlSearchSource source;

    @Inject
    FileAccess access;

    @Override
    public Page search(UUID caller, Request r) {
        String text = r.text() == null ? "" : r.text().strip();
        if (text.length() > MAX_TEXT) {
            throw NuboException.invalid("q is longer than " + MAX_TEXT + " characters");
        }
        if (r.limit() < 1 || r.limit() > MAX_LIMIT) {
            throw NuboException.invalid("limit must be between 1 and " + MAX_LIMIT);
        }
        if (r.offset() < 0 || r.offset() > 10_000) {
            throw NuboException.invalid("offset must be between 0 and 10000");
        }
        if (r.minSize() != null && r.maxSize() != null && r.minSize() > r.maxSize()) {
            throw NuboException.invalid("minSize is larger than maxSize");
        }
        if (r.modifiedAfter() != null
                && r.modifiedBefore() != null
                && r.modifiedAfter().isAfter(r.modifiedBefore())) {
            throw NuboException.invalid("modifiedAfter is later than modifiedBefore");
        }
        if (r.withinFolder() != null) {
            access.requireFolder(caller, r.withinFolder(), FileAccess.Need.READ);
        }
        Set<UUID> scope = Set.of(caller);
        SearchResults results;
        try {
            results = indexer.index()
                    .search(new SearchQuery(
                            scope,
                            text,
                            r.folders(),
                            r.categories() == null ? Set.of() : r.categories(),
                            r.minSize(),
                            r.maxSize(),
                            r.modifiedAfter(),
                            r.modifiedBefore(),
                            r.withinFolder(),
                            r.sort() == null ? SearchSort.RELEVANCE : r.sort(),
                            r.descending(),
                            r.offset(),
                            r.limit()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<Long, Float> scores = new HashMap<>();
        List<Long> ids = new ArrayList<>(results.hits().size());
        for (SearchHit h : results.hits()) {
            scores.put(h.id(), h.score());
            ids.add(h.id());
        }
        List<Hit> hits = new ArrayList<>(ids.size());
        source.located(scope, ids).forEach((id, l) -> hits.add(new Hit(l.node(), l.path(), scores.get(id))));
        return new Page(results.total(), hits);
    }

    @Override
    public List<Hit> suggest(UUID caller, String text, int limit) {
        String typed = text == null ? "" : text.strip();
        if (typed.isEmpty() || typed.length() > MAX_TEXT) {
            throw NuboException.invalid("q must have 1 to " + MAX_TEXT + " characters");
        }
        if (limit < 1 || limit > MAX_SUGGEST) {
            throw NuboException.invalid("limit must be between 1 and " + MAX_SUGGEST);
        }
        Set<UUID> scope = Set.of(caller);
        List<Suggestion> found;
        try {
            found = indexer.index().suggest(scope, typed, limit);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Hit> hits = new ArrayList<>(found.size());
        source.located(scope, found.stream().map(Suggestion::id).toList())
                .forEach((id, l) -> hits.add(new Hit(l.node(), l.path(), 0f)));
        return hits;
    }

    @Override
    public Status status() {
        try {
            return new Status(indexer.index().count(), source.pending(), indexer.rebuilding());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void rebuild() {
        indexer.requestRebuild();
    }
}
