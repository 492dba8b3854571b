package dev.nubo.files.infra;

import dev.nubo.files.api.Locations;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link Locations} in one statement: every asked item with every folder above it, each flagged where the caller's
 * view starts (their root, or a folder or item granted to them), by the rule {@code SqlFileTree.ancestors} applies to
 * one item; a path starts at the topmost such flag, and an item without one is not the caller's to see.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class SqlLocations implements Locations {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    SqlFileAccess access;

    @Override
    public Map<Long, Located> locate(UUID caller, Collection<Long> nodeIds) {
        if (nodeIds.isEmpty()) {
            return Map.of();
        }
        List<?> rows = em.createNativeQuery("SELECT " + NodeRows.COLUMNS + ", a.id, a.name,"
                        + " a.parent_id IS NULL AND a.owner_id = ?1 OR " + SqlFileAccess.GRANTED_EXACTLY
                        + " FROM nodes n JOIN nodes a ON a.path @> n.path"
                        + " WHERE n.id = ANY (CAST(?2 AS bigint[])) AND" + NodeRows.NOT_IN_TRASH
                        + " ORDER BY n.id, nlevel(a.path)")
                .setParameter(1, caller)
                .setParameter(2, SqlValues.longArray(nodeIds))
                .setParameter(3, access.groupsParameter(caller))
                .getResultList();
        Map<Long, List<Object[]>> byNode = new LinkedHashMap<>();
        for (Object row : rows) {
            Object[] r = (Object[]) row;
            byNode.computeIfAbsent(((Number) r[0]).longValue(), k -> new ArrayList<>())
                    .add(r);
        }
        Map<Long, Located> out = new HashMap<>();
        byNode.forEach((id, chain) -> {
            NodeView node = NodeRows.view(chain.get(0));
            int start = 0;
            while (start < chain.size() && !Boolean.TRUE.equals(chain.get(start)[NodeRows.WIDTH + 2])) {
                start++;
            }
            if (start < chain.size()) {
                out.put(id, new Located(node, path(node, chain.subList(start, chain.size() - 1))));
            }
        });
        return out;
    }

    /** The names of the folders from where the view starts down to the item's parent, then the item's. */
    private static String path(NodeView node, List<Object[]> above) {
        if (node.parentId() == null) {
            return "/";
        }
        StringBuilder path = new StringBuilder();
        for (Object[] a : above) {
            String name = (String) a[NodeRows.WIDTH + 1];
            if (!name.isEmpty()) {
                path.append('/').append(name);
            }
        }
        return path.append('/').append(node.name()).toString();
    }
}
