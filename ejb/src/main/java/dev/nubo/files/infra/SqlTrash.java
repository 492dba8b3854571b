package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import dev.nubo.trash.api.Trash;
import dev.nubo.trash.api.TrashItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The trash over the nodes table (it lives with the tree because it is the tree: a trashed item stays in place,
 * marked). Purging a set of items is five statements whatever their size: lock their blobs in hash order, sum
 * their bytes, drop one blob reference per file, delete the rows, give the bytes back to the quota.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlTrash implements Trash {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    TreeVersions versions;

    @Inject
    FileAccess access;

    @Inject
    SqlFileTree tree;

    @Inject
    SqlTrash self;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Page list(UUID caller, Optional<Long> after, int limit) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw NuboException.invalid("limit must be between 1 and " + MAX_PAGE);
        }
        String keyset = after.isPresent()
                ? " AND (n.trashed_at, n.id) < (SELECT a.trashed_at, a.id FROM nodes a WHERE a.id = ?2"
                        + " AND a.owner_id = ?1 AND a.trashed_at IS NOT NULL)"
                : "";
        var query = em.createNativeQuery("SELECT " + NodeRows.COLUMNS + ", n.trashed_from, n.trashed_at FROM nodes n"
                        + " WHERE n.owner_id = ?1 AND n.trashed_at IS NOT NULL" + keyset
                        + " ORDER BY n.trashed_at DESC, n.id DESC LIMIT ?3")
                .setParameter(1, caller)
                .setParameter(3, limit + 1);
        after.ifPresent(a -> query.setParameter(2, a));
        List<TrashItem> items = ((List<?>) query.getResultList())
                .stream()
                        .map(r -> (Object[]) r)
                        .map(r -> new TrashItem(NodeRows.view(Arrays.copyOf(r, 10)), (String) r[10], time(r[11])))
                        .toList();
        boolean more = items.size() > limit;
        List<TrashItem> page = more ? items.subList(0, limit) : items;
        return new Page(
                List.copyOf(page), more ? Optional.of(page.get(limit - 1).node().id()) : Optional.empty());
    }

    @Override
    public NodeView restore(UUID caller, long nodeId) {
        NodeSql.lockOwner(em, versions, caller);
        Object[] item = trashed(caller, nodeId);
        long parentId = ((Number) item[1]).longValue();
        long target = parentVisible(caller, parentId) ? parentId : recreate(caller, (String) item[4]);
        NodeName name = new NodeName((String) item[2]);
        if (NodeSql.existing(em, target, name.value()).isPresent()) {
            name = NodeSql.freeName(em, target, name);
        }
        if (target != parentId) {
            NodeSql.lockSubtree(em, caller, nodeId);
            em.createNativeQuery("UPDATE nodes d SET path = t.path || subpath(d.path, nlevel(n.path) - 1)"
                            + " FROM nodes n, nodes t WHERE n.id = ?1 AND t.id = ?2 AND d.path <@ n.path")
                    .setParameter(1, nodeId)
                    .setParameter(2, target)
                    .executeUpdate();
        }
        em.createNativeQuery("UPDATE nodes SET trashed_at = NULL, trashed_from = NULL, parent_id = ?2, name = ?3"
                        + " WHERE id = ?1")
                .setParameter(1, nodeId)
                .setParameter(2, target)
                .setParameter(3, name.value())
                .executeUpdate();
        NodeSql.touchAncestors(em, target, NodeSql.size(em, nodeId));
        return access.require(caller, nodeId, Need.READ);
    }

    /** id, parent_id, name, size, trashed_from of a trashed item of the caller, or 404. */
    private Object[] trashed(UUID caller, long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT id, parent_id, name, size, trashed_from FROM nodes"
                        + " WHERE id = ?1 AND owner_id = ?2 AND trashed_at IS NOT NULL")
                .setParameter(1, nodeId)
                .setParameter(2, caller)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("item in the trash");
        }
        return (Object[]) rows.get(0);
    }

    private boolean parentVisible(UUID caller, long parentId) {
        try {
            return access.require(caller, parentId, Need.WRITE).folder();
        } catch (NuboException e) {
            return false;
        }
    }

    /** The folder at that path from the caller's root, creating each missing level (renamed if a file is there). */
    private long recreate(UUID caller, String folderPath) {
        long folder = tree.root(caller).id();
        for (String segment : folderPath.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            NodeName name = new NodeName(segment);
            Optional<Object[]> existing = NodeSql.existing(em, folder, name.value());
            if (existing.isPresent() && "d".equals(String.valueOf(existing.get()[1]))) {
                folder = ((Number) existing.get()[0]).longValue();
            } else {
                NodeName free = existing.isPresent() ? NodeSql.freeName(em, folder, name) : name;
                folder = tree.insertFolder(folder, free);
            }
        }
        return folder;
    }

    @Override
    public void purge(UUID caller, long nodeId) {
        NodeSql.lockOwner(em, versions, caller);
        trashed(caller, nodeId);
        purgeWhere(caller, "t.id = ?2", nodeId);
    }

    @Override
    public int empty(UUID caller) {
        NodeSql.lockOwner(em, versions, caller);
        return purgeWhere(caller, "t.trashed_at IS NOT NULL", null);
    }

    @Override
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int purgeExpired(Duration retention) {
        @SuppressWarnings("unchecked")
        List<Object> owners = em.createNativeQuery("SELECT DISTINCT CAST(owner_id AS text) FROM nodes"
                        + " WHERE trashed_at IS NOT NULL AND trashed_at < now() - ?1 * interval '1 millisecond'")
                .setParameter(1, retention.toMillis())
                .getResultList();
        int purged = 0;
        for (Object owner : owners) {
            purged += self.purgeExpiredOf(UUID.fromString(String.valueOf(owner)), retention);
        }
        return purged;
    }

    /** One owner's expired items, in its own transaction so one user's purge never waits on another's. */
    public int purgeExpiredOf(UUID owner, Duration retention) {
        NodeSql.lockOwner(em, versions, owner);
        return purgeWhere(
                owner,
                "t.trashed_at IS NOT NULL AND t.trashed_at < now() - ?2 * interval '1 millisecond'",
                retention.toMillis());
    }

    /**
     * Deletes the trashed items of {@code owner} matching {@code top} (over alias t, parameter ?2) with everything
     * beneath them; the caller holds the owner lock. Returns how many items matched.
     */
    private int purgeWhere(UUID owner, String top, Object param) {
        String tops = "SELECT t.path FROM nodes t WHERE t.owner_id = ?1 AND t.trashed_at IS NOT NULL AND " + top;
        String doomed = "n.owner_id = ?1 AND EXISTS (SELECT 1 FROM (" + tops + ") x WHERE n.path <@ x.path)";
        int items = ((Number) bind(
                                em.createNativeQuery("SELECT count(*) FROM nodes t WHERE t.owner_id = ?1"
                                        + " AND t.trashed_at IS NOT NULL AND " + top),
                                owner,
                                param)
                        .getSingleResult())
                .intValue();
        if (items == 0) {
            return 0;
        }
        // no upload or new folder may land in what is about to be deleted (NodeSql.lockSubtree)
        bind(
                        em.createNativeQuery("SELECT n.id FROM nodes n WHERE n.kind = 'd' AND " + doomed
                                + " ORDER BY n.id FOR UPDATE"),
                        owner,
                        param)
                .getResultList();
        em.createNativeQuery("SELECT fold_tree_changes(?1)")
                .setParameter(1, owner)
                .getSingleResult();
        bind(
                        em.createNativeQuery(
                                "SELECT b.hash FROM blobs b WHERE b.hash IN (SELECT n.blob_hash FROM nodes n WHERE "
                                        + doomed + ") ORDER BY b.hash FOR UPDATE"),
                        owner,
                        param)
                .getResultList();
        long bytes = ((Number) bind(
                                em.createNativeQuery(
                                        "SELECT coalesce(sum(n.size), 0) FROM nodes n WHERE n.kind = 'f' AND "
                                                + doomed),
                                owner,
                                param)
                        .getSingleResult())
                .longValue();
        bind(
                        em.createNativeQuery("UPDATE blobs b SET ref_count = b.ref_count - c.k, unreferenced_since ="
                                + " CASE WHEN b.ref_count - c.k = 0 THEN now() END FROM (SELECT n.blob_hash, count(*) AS k"
                                + " FROM nodes n WHERE n.kind = 'f' AND " + doomed + " GROUP BY n.blob_hash) c"
                                + " WHERE b.hash = c.blob_hash"),
                        owner,
                        param)
                .executeUpdate();
        bind(em.createNativeQuery("DELETE FROM nodes n WHERE " + doomed), owner, param)
                .executeUpdate();
        NodeSql.charge(em, owner, -bytes);
        return items;
    }

    private static jakarta.persistence.Query bind(jakarta.persistence.Query q, UUID owner, Object param) {
        q.setParameter(1, owner);
        if (param != null) {
            q.setParameter(2, param);
        }
        return q;
    }
}
