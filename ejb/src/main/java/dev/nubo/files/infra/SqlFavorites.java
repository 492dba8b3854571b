package dev.nubo.files.infra;

import dev.nubo.files.api.Favorites;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlFavorites implements Favorites {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    FileAccess access;

    @Inject
    EffectiveGroups groups;

    private String groupsOf(UUID caller) {
        return SqlValues.uuidArray(groups.of(caller));
    }

    @Override
    public void add(UUID caller, long nodeId) {
        access.require(caller, nodeId, Need.READ);
        em.createNativeQuery("INSERT INTO favorites (user_id, node_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .executeUpdate();
    }

    @Override
    public void remove(UUID caller, long nodeId) {
        access.require(caller, nodeId, Need.READ);
        em.createNativeQuery("DELETE FROM favorites WHERE user_id = ?1 AND node_id = ?2")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .executeUpdate();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean isFavorite(UUID caller, long nodeId) {
        return !em.createNativeQuery("SELECT 1 FROM favorites WHERE user_id = ?1 AND node_id = ?2")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .getResultList()
                .isEmpty();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public java.util.Set<Long> among(UUID caller, java.util.Collection<Long> nodeIds) {
        if (nodeIds.isEmpty()) {
            return java.util.Set.of();
        }
        String ids = nodeIds.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
        java.util.Set<Long> found = new java.util.HashSet<>();
        for (Object id : em.createNativeQuery("SELECT node_id FROM favorites WHERE user_id = ?1"
                        + " AND node_id = ANY (CAST(string_to_array(?2, ',') AS bigint[]))")
                .setParameter(1, caller)
                .setParameter(2, ids)
                .getResultList()) {
            found.add(((Number) id).longValue());
        }
        return found;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<NodeView> list(UUID caller) {
        // the caller's own items, and items shared with them while a live grant (to them or one of their groups, on
        // the item or a folder above) still reaches them: a star does not outlive the access it was made with
        return NodeSql.rows(em.createNativeQuery("SELECT " + NodeRows.COLUMNS + " FROM favorites f"
                        + " JOIN nodes n ON n.id = f.node_id WHERE f.user_id = ?1 AND (n.owner_id = ?1 OR "
                        + SqlFileAccess.GRANTED_ON_PATH + ") AND"
                        + NodeRows.NOT_IN_TRASH + " ORDER BY n.kind, n.name LIMIT ?2")
                .setParameter(1, caller)
                .setParameter(2, MAX_LIST)
                .setParameter(3, groupsOf(caller))
                .getResultList());
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Starred> listWithPaths(UUID caller) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT " + NodeRows.COLUMNS + ", (SELECT string_agg(a.name, '/'"
                        + " ORDER BY nlevel(a.path)) FROM nodes a WHERE a.id = ANY (CAST(string_to_array("
                        + "ltree2text(n.path), '.') AS bigint[])) AND a.parent_id IS NOT NULL) FROM favorites f"
                        + " JOIN nodes n ON n.id = f.node_id WHERE f.user_id = ?1 AND n.owner_id = ?1 AND"
                        + NodeRows.NOT_IN_TRASH + " ORDER BY n.kind, n.name LIMIT ?2")
                .setParameter(1, caller)
                .setParameter(2, MAX_LIST)
                .getResultList();
        List<Starred> starred = new java.util.ArrayList<>(rows.size());
        for (Object[] r : rows) {
            String path = r[r.length - 1] == null ? "" : (String) r[r.length - 1];
            starred.add(new Starred(NodeRows.view(r), path));
        }
        return starred;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<StarredBelow> listBelow(UUID caller, java.util.Collection<Long> entryIds) {
        if (entryIds.isEmpty()) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT DISTINCT ON (n.id) " + NodeRows.COLUMNS + ", e.id,"
                        + " (SELECT string_agg(a.name, '/' ORDER BY nlevel(a.path)) FROM nodes a"
                        + " WHERE a.path <@ e.path AND a.path @> n.path AND a.id <> e.id)"
                        + " FROM favorites f JOIN nodes n ON n.id = f.node_id"
                        + " JOIN nodes e ON e.id = ANY (CAST(?2 AS bigint[])) AND e.path @> n.path"
                        + " WHERE f.user_id = ?1 AND n.owner_id <> ?1 AND" + NodeRows.NOT_IN_TRASH
                        + " ORDER BY n.id, nlevel(e.path) LIMIT ?3")
                .setParameter(1, caller)
                .setParameter(2, SqlValues.longArray(entryIds))
                .setParameter(3, MAX_LIST)
                .getResultList();
        List<StarredBelow> starred = new java.util.ArrayList<>(rows.size());
        for (Object[] r : rows) {
            starred.add(new StarredBelow(
                    NodeRows.view(r),
                    ((Number) r[NodeRows.WIDTH]).longValue(),
                    r[NodeRows.WIDTH + 1] == null ? "" : (String) r[NodeRows.WIDTH + 1]));
        }
        return starred;
    }
}
