package dev.nubo.files.infra;

import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.persistence.EntityManager;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The statements structural changes share. Lock order, the same in every transaction that changes the structure of
 * a user's tree: the owner's advisory lock first ({@link #lockOwner}), then subtree folders ({@link #lockSubtree}),
 * then blob rows in hash order, then nodes. Uploads and new folders take none of these for longer than their own
 * statement ({@link SqlNodeWriter}).
 */
public final class NodeSql {
    private NodeSql() {}

    record Quota(Long quotaBytes, long usedBytes) {}

    /**
     * Serialises this transaction with every other change to the structure of the owner's tree (moves, trash,
     * restores, purges, copies) and with the folds of pending tree changes ({@code fold_tree_changes}, the same
     * advisory lock), folds what is pending so the folder sizes read next are complete, and reads the quota. Uploads
     * and new folders do not take it (docs/write-path.md). Cached answers about the owner's tree stop counting as
     * current ({@link TreeVersions}).
     */
    static Quota lockOwner(EntityManager em, TreeVersions versions, UUID owner) {
        versions.changing(owner);
        List<?> rows = em.createNativeQuery(
                        "SELECT fold_tree_changes(id), quota_bytes, used_bytes FROM users WHERE id = ?1")
                .setParameter(1, owner)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("user");
        }
        Object[] r = (Object[]) rows.get(0);
        return new Quota(r[1] == null ? null : ((Number) r[1]).longValue(), ((Number) r[2]).longValue());
    }

    /**
     * Before the paths beneath a node are rewritten or its subtree is deleted (the caller holds {@link #lockOwner}):
     * locks every folder of the subtree, so no upload or new folder lands there with a path or a parent about to
     * change (those take a key-share lock on their folder), then folds what such writes left pending meanwhile.
     */
    static void lockSubtree(EntityManager em, UUID owner, long nodeId) {
        em.createNativeQuery("SELECT id FROM nodes WHERE kind = 'd' AND path <@ (SELECT path FROM nodes WHERE id = ?1)"
                        + " ORDER BY id FOR UPDATE")
                .setParameter(1, nodeId)
                .getResultList();
        em.createNativeQuery("SELECT fold_tree_changes(?1)")
                .setParameter(1, owner)
                .getSingleResult();
    }

    /** The node's size now; read after {@link #lockOwner}, which folds what was pending into it. */
    static long size(EntityManager em, long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT size FROM nodes WHERE id = ?1")
                .setParameter(1, nodeId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("file or folder");
        }
        return ((Number) rows.get(0)).longValue();
    }

    /** Adds {@code delta} bytes to the owner's usage; growth past the quota is 507 and changes nothing. */
    static void charge(EntityManager em, UUID owner, long delta) {
        if (delta == 0) {
            return;
        }
        int updated = em.createNativeQuery("UPDATE users SET used_bytes = greatest(0, used_bytes + ?2) WHERE id = ?1"
                        + " AND (?2 <= 0 OR quota_bytes IS NULL OR used_bytes + ?2 <= quota_bytes)")
                .setParameter(1, owner)
                .setParameter(2, delta)
                .executeUpdate();
        if (updated != 1) {
            throw quotaExceeded();
        }
    }

    static NuboException quotaExceeded() {
        return new NuboException(
                ErrorKind.INSUFFICIENT_STORAGE, "quota_exceeded", "not enough storage space left for this");
    }

    /** Locks the blob rows of the given hashes in hash order. */
    static void lockBlobs(EntityManager em, String subtreeCondition, Object param) {
        em.createNativeQuery("SELECT b.hash FROM blobs b WHERE b.hash IN (SELECT n.blob_hash FROM nodes n WHERE "
                        + subtreeCondition + ") ORDER BY b.hash FOR UPDATE")
                .setParameter(1, param)
                .getResultList();
    }

    /**
     * A change beneath a folder changes the etag of that folder and of every folder above it, and their sizes by
     * {@code sizeDelta}.
     */
    static void touchAncestors(EntityManager em, long folderId, long sizeDelta) {
        // a path is the ids from the root down to the node, so the ancestors are found by primary key; a
        // containment test (path @>) walks the GiST index of the owner's whole tree instead
        em.createNativeQuery("UPDATE nodes SET etag = md5(random()::text || id::text), modified_at = now(),"
                        + " size = size + ?2 WHERE kind = 'd' AND id = ANY (CAST(string_to_array(ltree2text("
                        + "(SELECT path FROM nodes WHERE id = ?1)), '.') AS bigint[]))")
                .setParameter(1, folderId)
                .setParameter(2, sizeDelta)
                .executeUpdate();
    }

    /** The location of folder ?2 as names from the root ("/" for the root, "/Docs/2024" below it), as a subquery. */
    static final String FOLDER_PATH = "SELECT '/' || coalesce(string_agg(a.name, '/' ORDER BY nlevel(a.path)), '')"
            + " FROM nodes f JOIN nodes a ON a.path @> f.path AND a.parent_id IS NOT NULL WHERE f.id = ?2";

    /** The live node of that name in the folder, if any: id, kind, size, blob hash. */
    static Optional<Object[]> existing(EntityManager em, long parentId, String name) {
        List<?> rows = em.createNativeQuery("SELECT id, kind, size, blob_hash, etag FROM nodes"
                        + " WHERE parent_id = ?1 AND name = ?2 AND trashed_at IS NULL")
                .setParameter(1, parentId)
                .setParameter(2, name)
                .getResultList();
        return rows.stream().map(r -> (Object[]) r).findFirst();
    }

    /** The first "name (n).ext" not in use in the folder now (a writer that then finds it taken asks again). */
    static NodeName freeName(EntityManager em, long parentId, NodeName wanted) {
        String stemPattern = likeEscape(wanted.numbered(1).value()).replace(" (1)", " (%)");
        @SuppressWarnings("unchecked")
        Set<String> taken = new HashSet<>(em.createNativeQuery("SELECT name FROM nodes WHERE parent_id = ?1"
                        + " AND trashed_at IS NULL AND name LIKE ?2 ESCAPE '\\'")
                .setParameter(1, parentId)
                .setParameter(2, stemPattern)
                .getResultList());
        for (int n = 1; ; n++) {
            NodeName candidate = wanted.numbered(n);
            if (!taken.contains(candidate.value())
                    && existing(em, parentId, candidate.value()).isEmpty()) {
                return candidate;
            }
        }
    }

    private static String likeEscape(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    static Optional<NodeView> one(List<?> rows) {
        return rows(rows).stream().findFirst();
    }

    static List<NodeView> rows(Collection<?> rows) {
        return rows.stream().map(r -> (Object[]) r).map(NodeRows::view).toList();
    }
}
