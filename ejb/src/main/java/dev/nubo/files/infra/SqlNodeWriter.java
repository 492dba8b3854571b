package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.isUniqueViolation;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Writable;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.storage.api.StagedBlob;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Turns staged content into a file, or a name into a folder, without a lock that outlives one statement (the design
 * and why it keeps quota and etags exact: docs/write-path.md). A new file costs three statements, each its own
 * transaction: the hold (quota and blob reference, {@code write_hold}), the node's statement (which consumes the
 * hold, inserts the node, records the tree change and the recent item: the one durable commit), and the fold of the
 * owner's pending tree changes into the folders above ({@code fold_tree_changes_after_write}), which runs before the
 * client hears back. Statements run on their own connection outside any transaction, so each commits at once.
 */
@ApplicationScoped
public class SqlNodeWriter implements dev.nubo.files.api.WriteUpkeep {
    /**
     * Tries of a keep-both upload whose chosen free name was taken by a concurrent write in between. Each lost try means
     * another upload got that name, so a try is lost at most once per concurrent upload of the same name; the bound
     * only stops a runaway.
     */
    static final int NAME_TRIES = 1_000;

    /** Tries of an overwrite or replace whose file changed between reading it and replacing it. */
    static final int CHANGE_TRIES = 8;

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    @Inject
    TreeVersions versions;

    @Inject
    FileAccess access;

    @Inject
    SqlRecentItems recent;

    /**
     * The file {@code name} in a folder the caller was found able to write when the body began. A grantee's access is
     * checked again now, since the body may have taken long enough for the grant to be revoked; an owner's cannot
     * change.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public NodeView commitNew(
            UUID caller,
            Writable parent,
            NodeName name,
            ConflictMode conflict,
            StagedBlob blob,
            String mimeType,
            Optional<Instant> modifiedAt)
            throws IOException {
        if (!parent.owner().equals(caller)) {
            parent = writableFolder(caller, parent.node().id());
        }
        long parentId = parent.node().id();
        switch (conflict) {
            case FAIL -> {
                return insertFile(caller, parent.owner(), parentId, name, blob, mimeType, modifiedAt);
            }
            case KEEP_BOTH -> {
                NodeName candidate = name;
                for (int i = 0; i < NAME_TRIES; i++) {
                    try {
                        return insertFile(caller, parent.owner(), parentId, candidate, blob, mimeType, modifiedAt);
                    } catch (NameTaken e) {
                        candidate = NodeSql.freeName(em, parentId, name);
                    }
                }
                throw SqlFileTree.nameTaken(candidate);
            }
            default -> {
                for (int i = 0; i < CHANGE_TRIES; i++) {
                    Optional<Object[]> existing = NodeSql.existing(em, parentId, name.value());
                    if (existing.isEmpty()) {
                        try {
                            return insertFile(caller, parent.owner(), parentId, name, blob, mimeType, modifiedAt);
                        } catch (NameTaken e) {
                            continue; // created in between: replace that one
                        }
                    }
                    Object[] e = existing.get();
                    if ("d".equals(String.valueOf(e[1]))) {
                        throw isAFolder(name);
                    }
                    Optional<NodeView> replaced = replaceIfUnchanged(
                            caller,
                            parent.owner(),
                            ((Number) e[0]).longValue(),
                            String.valueOf(e[4]),
                            ((Number) e[2]).longValue(),
                            blob,
                            modifiedAt);
                    if (replaced.isPresent()) {
                        return replaced.get();
                    }
                }
                throw new NuboException(ErrorKind.CONFLICT, "busy", "'" + name + "' keeps changing; try again");
            }
        }
    }

    /**
     * Replaces the content of a file the caller was found able to write; {@code ifMatch} (other than "*") must still
     * be its etag. Without one, a concurrent change is not overwritten blindly: the file is read again and the
     * replace tried on what it is now.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public NodeView commitReplace(
            UUID caller, Writable file, Optional<String> ifMatch, StagedBlob blob, Optional<Instant> modifiedAt)
            throws IOException {
        boolean pinned = ifMatch.isPresent() && !ifMatch.get().equals("*");
        for (int i = 0; i < CHANGE_TRIES; i++) {
            if (i > 0 || !file.owner().equals(caller)) {
                file = access.requireWritable(caller, file.node().id());
            }
            NodeView node = file.node();
            if (node.folder()) {
                throw NuboException.conflict("is_a_folder", "'" + node.name() + "' is a folder");
            }
            if (pinned && !ifMatch.get().equals(node.etag())) {
                throw etagMismatch();
            }
            Optional<NodeView> replaced =
                    replaceIfUnchanged(caller, file.owner(), node.id(), node.etag(), node.size(), blob, modifiedAt);
            if (replaced.isPresent()) {
                return replaced.get();
            }
            if (pinned) {
                throw etagMismatch();
            }
        }
        throw new NuboException(ErrorKind.CONFLICT, "busy", "the file keeps changing; try again");
    }

    /** A folder {@code name} in {@code parentId}: one statement, then the fold. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public NodeView createFolder(UUID owner, long parentId, NodeName name) {
        versions.changing(owner);
        try {
            Object[] row = single(
                    "WITH n AS (INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                            + " SELECT x.id, p.owner_id, p.id, p.path || text2ltree(x.id::text), 'd', ?,"
                            + " md5(random()::text || x.id::text) FROM (SELECT nextval('nodes_id_seq') AS id) x, nodes p"
                            + " WHERE p.id = ? AND p.kind = 'd' AND p.trashed_at IS NULL FOR KEY SHARE OF p"
                            + " RETURNING " + RETURNED
                            + ", owner_id), c AS (INSERT INTO tree_changes (owner_id, folder_id)"
                            + " SELECT owner_id, parent_id FROM n) SELECT * FROM n",
                    name.value(),
                    parentId);
            if (row == null) {
                throw NuboException.notFound("folder");
            }
            fold(owner);
            return NodeRows.view(row);
        } catch (SQLException e) {
            throw isUniqueViolation(e) ? SqlFileTree.nameTaken(name) : failed(e);
        } finally {
            versions.changed(owner);
        }
    }

    /**
     * Refuses, before any content is moved, what {@link #commitNew} would refuse for the name alone: 409 {@code
     * name_taken} under {@code fail}, {@code is_a_folder} when {@code overwrite} meets a folder. A resumable upload
     * asks this first so its bytes stay for another attempt with another mode; a name taken in between is still
     * refused by commitNew.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public void checkName(long parentId, NodeName name, ConflictMode conflict) {
        Optional<Object[]> existing = NodeSql.existing(em, parentId, name.value());
        if (existing.isEmpty() || conflict == ConflictMode.KEEP_BOTH) {
            return;
        }
        if (conflict == ConflictMode.FAIL) {
            throw SqlFileTree.nameTaken(name);
        }
        if ("d".equals(String.valueOf(existing.get()[1]))) {
            throw isAFolder(name);
        }
    }

    /** Applies the owner's pending tree changes now (start-up and the maintenance timer catch up the same way). */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public void fold(UUID owner) {
        versions.changing(owner);
        try {
            single("SELECT fold_tree_changes_after_write(?)", owner);
        } catch (SQLException e) {
            throw failed(e);
        } finally {
            versions.changed(owner);
        }
    }

    @Override
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int foldPending() {
        @SuppressWarnings("unchecked")
        java.util.List<Object> owners = em.createNativeQuery("SELECT DISTINCT CAST(owner_id AS text) FROM tree_changes")
                .getResultList();
        for (Object owner : owners) {
            fold(UUID.fromString(String.valueOf(owner)));
        }
        return owners.size();
    }

    @Override
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int reclaimHolds(java.time.Duration age) {
        try {
            Object[] row = single(
                    "SELECT count(*) FILTER (WHERE write_refund(id)) FROM write_holds"
                            + " WHERE created_at < now() - ? * interval '1 millisecond'",
                    age.toMillis());
            return row == null ? 0 : ((Number) row[0]).intValue();
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /** The columns {@link NodeSql#view} maps, as an INSERT or UPDATE of nodes returns them. */
    private static final String RETURNED = NodeRows.COLUMNS.replace("n.", "");

    private NodeView insertFile(
            UUID caller,
            UUID owner,
            long parentId,
            NodeName name,
            StagedBlob blob,
            String mimeType,
            Optional<Instant> modifiedAt)
            throws IOException {
        Object[] row;
        try {
            row = consume(
                    owner,
                    blob.size(),
                    blob,
                    "WITH h AS (DELETE FROM write_holds WHERE id = ? RETURNING id),"
                            + " n AS (INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, size, blob_hash,"
                            + " mime_type, etag, modified_at) SELECT x.id, p.owner_id, p.id, p.path || text2ltree(x.id::text),"
                            + " 'f', ?, ?, ?, ?, md5(random()::text || x.id::text), coalesce(CAST(? AS timestamptz), now())"
                            + " FROM h, (SELECT nextval('nodes_id_seq') AS id) x, nodes p"
                            + " WHERE p.id = ? AND p.kind = 'd' AND p.trashed_at IS NULL FOR KEY SHARE OF p"
                            + " RETURNING " + RETURNED + ", owner_id),"
                            + " c AS (INSERT INTO tree_changes (owner_id, folder_id, size_delta)"
                            + " SELECT owner_id, parent_id, size FROM n)," + RECENT
                            + " SELECT * FROM n",
                    hold -> new Object[] {
                        hold,
                        name.value(),
                        blob.size(),
                        blob.hash().hex(),
                        mimeType,
                        modifiedAt.map(Timestamp::from).orElse(null),
                        parentId,
                        caller
                    });
        } catch (SQLException e) {
            throw isUniqueViolation(e) ? new NameTaken(name) : failed(e);
        }
        if (row == null) {
            // the folder went away meanwhile, or the hold was reclaimed: the statement changed nothing
            throw NuboException.notFound("folder");
        }
        afterWrite(caller, owner);
        return NodeRows.view(row);
    }

    /**
     * Replaces the file's content if its etag is still {@code etag}; empty (and nothing changed) when it is not. The
     * hold charges only growth; a shrink is given back by the fold.
     */
    private Optional<NodeView> replaceIfUnchanged(
            UUID caller,
            UUID owner,
            long fileId,
            String etag,
            long oldSize,
            StagedBlob blob,
            Optional<Instant> modifiedAt)
            throws IOException {
        long delta = blob.size() - oldSize;
        Object[] row;
        try {
            row = consume(
                    owner,
                    Math.max(0, delta),
                    blob,
                    "WITH o AS (SELECT id, parent_id, size, blob_hash, owner_id FROM nodes WHERE id = ? AND etag = ?"
                            + " AND kind = 'f' AND size = ? FOR UPDATE),"
                            + " h AS (DELETE FROM write_holds WHERE id = ? AND EXISTS (SELECT 1 FROM o) RETURNING id),"
                            + " n AS (UPDATE nodes SET blob_hash = ?, size = ?, etag = md5(random()::text || nodes.id::text),"
                            + " modified_at = coalesce(CAST(? AS timestamptz), now()) FROM o, h WHERE nodes.id = o.id"
                            + " RETURNING " + NodeRows.COLUMNS.replace("n.", "nodes.") + ", nodes.owner_id),"
                            + " b AS (UPDATE blobs SET ref_count = ref_count - 1, unreferenced_since ="
                            + " CASE WHEN ref_count = 1 THEN now() END FROM o, n WHERE blobs.hash = o.blob_hash"
                            + " AND ref_count > 0),"
                            + " c AS (INSERT INTO tree_changes (owner_id, folder_id, size_delta, quota_delta)"
                            + " SELECT o.owner_id, o.parent_id, ?, least(0, ?) FROM o, n)," + RECENT
                            + " SELECT * FROM n",
                    hold -> new Object[] {
                        fileId,
                        etag,
                        oldSize,
                        hold,
                        blob.hash().hex(),
                        blob.size(),
                        modifiedAt.map(Timestamp::from).orElse(null),
                        delta,
                        delta,
                        caller
                    });
        } catch (SQLException e) {
            throw failed(e);
        }
        if (row == null) {
            return Optional.empty();
        }
        afterWrite(caller, owner);
        return Optional.of(NodeRows.view(row));
    }

    /**
     * Takes a hold of {@code bytes} (507 when there is no room), publishes the blob and runs the node's statement,
     * which consumes the hold (its parameters given the hold's id); the hold is refunded when the statement fails or
     * changes nothing (null).
     */
    private Object[] consume(
            UUID owner, long bytes, StagedBlob blob, String sql, java.util.function.LongFunction<Object[]> parameters)
            throws IOException, SQLException {
        long hold = hold(owner, bytes, blob);
        versions.changing(owner);
        Object[] row = null;
        try {
            blob.publish();
            row = single(sql, parameters.apply(hold));
            return row;
        } finally {
            versions.changed(owner);
            if (row == null) {
                refund(hold);
            }
        }
    }

    /** The recent item of the written node ({@code n}), as a CTE; its user is the last parameter. */
    private static final String RECENT = " r AS (INSERT INTO recent_items (user_id, node_id, action, at)"
            + " SELECT ?, id, 'changed', now() FROM n ON CONFLICT (user_id, node_id)"
            + " DO UPDATE SET action = excluded.action, at = excluded.at)";

    private void afterWrite(UUID caller, UUID owner) {
        fold(owner);
        recent.trimSometimes(caller);
    }

    /** A hold of {@code bytes} against the owner's quota and a reference on the blob; 507 when there is no room. */
    private long hold(UUID owner, long bytes, StagedBlob blob) {
        Object[] row;
        try {
            row = single(
                    "SELECT write_hold(?, ?, ?, ?)", owner, bytes, blob.hash().hex(), blob.size());
        } catch (SQLException e) {
            throw failed(e);
        }
        if (row == null || row[0] == null) {
            throw NodeSql.quotaExceeded();
        }
        return ((Number) row[0]).longValue();
    }

    private void refund(long hold) {
        try {
            single("SELECT write_refund(?)", hold);
        } catch (SQLException e) {
            // the maintenance timer refunds holds that nobody consumed
            java.util.logging.Logger.getLogger(SqlNodeWriter.class.getName())
                    .warning("refund of write hold " + hold + " failed, left to maintenance: " + e);
        }
    }

    /** The folder, if the caller may write into it, with its owner and their room (404, 403, 409 not_a_folder). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Writable writableFolder(UUID caller, long folderId) {
        Writable w = access.requireWritable(caller, folderId);
        if (!w.node().folder()) {
            throw NuboException.conflict("not_a_folder", "'" + w.node().name() + "' is a file, not a folder");
        }
        return w;
    }

    /** Runs one statement on a connection of its own (autocommit): its first row, or null when it has none. */
    private Object[] single(String sql, Object... parameters) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                s.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                Object[] row = new Object[rs.getMetaData().getColumnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                return row;
            }
        }
    }

    private static NuboException isAFolder(NodeName name) {
        return NuboException.conflict("is_a_folder", "'" + name + "' is a folder; it is not replaced");
    }

    private static NuboException etagMismatch() {
        return new NuboException(ErrorKind.PRECONDITION_FAILED, "etag_mismatch", "the file changed meanwhile");
    }

    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("write failed: " + e.getMessage(), e);
    }

    /** The name was taken when the node's statement ran (the unique index of a folder's live names). */
    private static final class NameTaken extends NuboException {
        NameTaken(NodeName name) {
            super(ErrorKind.CONFLICT, "name_taken", "'" + name + "' already exists in this folder");
        }
    }
}
