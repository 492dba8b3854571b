package dev.nubo.search.api;

import dev.nubo.files.api.NodeView;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Search over the caller's files and folders: names (partial words, any case and accents) and the text of
 * text-like files. Results only ever come from what the caller may read, and each is confirmed by the database
 * before it is returned, so an index that lags behind a change by a moment shows nothing the caller lost.
 */
public interface Search {
    int MAX_LIMIT = 200;
    int MAX_SUGGEST = 20;

    /**
     * What to look for: words (may be blank when filters alone are given), folders only / files only / both (null),
     * MIME categories, a size range and a modification range (inclusive), a folder to look within (its subtree),
     * the order and a page.
     */
    record Request(
            String text,
            Boolean folders,
            Set<String> categories,
            Long minSize,
            Long maxSize,
            Instant modifiedAfter,
            Instant modifiedBefore,
            Long withinFolder,
            SearchSort sort,
            boolean descending,
            int offset,
            int limit) {}

    /** A result with its location ("/Docs/2024/report.pdf"). */
    record Hit(NodeView node, String path, float score) {}

    /** One page: how many results there are in all, and this page's. */
    record Page(long total, List<Hit> hits) {}

    Page search(UUID caller, Request request);

    /** Names as the caller types them: word-prefix matches first, at most {@code limit} (1 to 20). */
    List<Hit> suggest(UUID caller, String text, int limit);

    /** How the index stands: documents in it, changes waiting, whether a rebuild runs. */
    record Status(long documents, long pending, boolean rebuilding) {}

    Status status();

    /** Rebuilds the whole index from the database in the background (admins). */
    void rebuild();
}
