package dev.nubo.files.api;

import static dev.nubo.platform.db.SqlValues.time;

/**
 * How a node row is read in SQL: the columns every reader of nodes selects, in the order {@link #view} maps them, and
 * the trash condition. The files core's statements use them, and so do the features that join nodes into their own
 * queries (shares, drives, links, search), so that a node reads the same everywhere.
 */
public final class NodeRows {
    /** The columns {@link #view} maps, in its order. */
    public static final String COLUMNS = "n.id, n.parent_id, n.name, n.kind, n.size, n.mime_type, n.etag, n.created_at,"
            + " n.modified_at, n.blob_hash";
    /** How many columns {@link #COLUMNS} has: a query's own columns after them start at this index. */
    public static final int WIDTH = 10;
    /** No node on the path (the node itself included) is in the trash. */
    public static final String NOT_IN_TRASH =
            " NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @> n.path AND t.trashed_at IS NOT NULL)";

    private NodeRows() {}

    /** The node of a row whose first {@link #WIDTH} columns are {@link #COLUMNS}. */
    public static NodeView view(Object[] r) {
        return new NodeView(
                ((Number) r[0]).longValue(),
                r[1] == null ? null : ((Number) r[1]).longValue(),
                (String) r[2],
                "d".equals(String.valueOf(r[3])),
                ((Number) r[4]).longValue(),
                (String) r[5],
                (String) r[6],
                time(r[7]),
                time(r[8]),
                r[9] == null ? null : String.valueOf(r[9]).trim());
    }
}
