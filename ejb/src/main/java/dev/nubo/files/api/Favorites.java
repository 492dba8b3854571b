package dev.nubo.files.api;

import java.util.List;
import java.util.UUID;

/** Items a user starred; only those the user may still see are listed. */
public interface Favorites {
    int MAX_LIST = 1000;

    void add(UUID caller, long nodeId);

    void remove(UUID caller, long nodeId);

    boolean isFavorite(UUID caller, long nodeId);

    /** Which of these nodes the caller starred, in one query (a listing page's worth). */
    java.util.Set<Long> among(UUID caller, java.util.Collection<Long> nodeIds);

    /** The caller's starred items: their own, and items shared with them while a live grant still reaches them. */
    List<NodeView> list(UUID caller);

    /**
     * The caller's own favorites with the path of each below the caller's root ("Docs/a.txt"), in one query: what the
     * Nextcloud clients' favorites REPORT answers with for the caller's own tree ({@link #listBelow} adds the
     * starred items of others).
     */
    List<Starred> listWithPaths(UUID caller);

    /** A favorite and its path below the owner's root, names joined by "/", no leading slash. */
    record Starred(NodeView node, String path) {}

    /**
     * The caller's favorites among items of other owners that lie at or below one of {@code entryIds} (the items
     * shared with the caller, or their drives' roots, as the DAV collections show them), each with the entry it is
     * reached through (the topmost, when several) and its path below that entry ("" for the entry itself), in one
     * query.
     */
    List<StarredBelow> listBelow(UUID caller, java.util.Collection<Long> entryIds);

    /** A favorite reached through entry {@code entryId}, {@code path} below it (names joined by "/"). */
    record StarredBelow(NodeView node, long entryId, String path) {}
}
