package dev.nubo.files.infra;

import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One statement per page: the folders segment and the files segment are each a keyset range scan of the listing
 * index for the order asked (nodes_listing, _size, _modified, _type), joined with UNION ALL so folders come first.
 */
final class Listing {
    private Listing() {}

    static ListingPage page(EntityManager em, long folderId, ListingQuery q) {
        String key = keyExpression(q.sort());
        String dir = q.descending() ? " DESC" : "";
        String cmp = q.descending() ? "<" : ">";
        String keyParam = q.sort() == ListingQuery.Sort.MODIFIED ? "CAST(?3 AS timestamptz)" : "?3";
        String after = "(" + key + ", n.name) " + cmp + " (" + keyParam + ", ?4)";
        Optional<ListingPage.Cursor> cursor = q.after();
        String folders = cursor.isEmpty() ? "TRUE" : cursor.get().folder() ? after : "FALSE";
        String files = cursor.isEmpty() || cursor.get().folder() ? "TRUE" : after;
        String order = " ORDER BY " + key + dir + ", n.name" + dir + " LIMIT ?2";
        String segment = "SELECT " + NodeRows.COLUMNS + ", %d AS seg, " + key + " AS k FROM nodes n"
                + " WHERE n.parent_id = ?1 AND n.trashed_at IS NULL AND n.kind = '%s' AND %s" + order;
        Query query = em.createNativeQuery("SELECT * FROM ((" + String.format(segment, 0, "d", folders)
                        + ") UNION ALL (" + String.format(segment, 1, "f", files) + ")) x ORDER BY x.seg, x.k" + dir
                        + ", x.name" + dir + " LIMIT ?2")
                .setParameter(1, folderId)
                .setParameter(2, q.limit() + 1);
        cursor.ifPresent(c -> query.setParameter(3, keyValue(q.sort(), c.key())).setParameter(4, c.name()));
        List<NodeView> rows = new ArrayList<>(NodeSql.rows(query.getResultList()));
        boolean more = rows.size() > q.limit();
        List<NodeView> page = more ? rows.subList(0, q.limit()) : rows;
        Optional<ListingPage.Cursor> next =
                more ? Optional.of(cursorAt(q.sort(), page.get(q.limit() - 1))) : Optional.empty();
        return new ListingPage(List.copyOf(page), next);
    }

    private static String keyExpression(ListingQuery.Sort sort) {
        return switch (sort) {
            case NAME -> "n.name";
            case SIZE -> "n.size";
            case MODIFIED -> "n.modified_at";
            case TYPE -> "(coalesce(n.mime_type, ''))";
        };
    }

    private static Object keyValue(ListingQuery.Sort sort, String key) {
        return sort == ListingQuery.Sort.SIZE ? (Object) Long.parseLong(key) : key;
    }

    static ListingPage.Cursor cursorAt(ListingQuery.Sort sort, NodeView last) {
        String key =
                switch (sort) {
                    case NAME -> last.name();
                    case SIZE -> Long.toString(last.size());
                    case MODIFIED -> last.modifiedAt().toString();
                    case TYPE -> last.mimeType() == null ? "" : last.mimeType();
                };
        return new ListingPage.Cursor(sort, last.folder(), key, last.name());
    }
}
