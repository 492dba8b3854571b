package dev.nubo.dav.core;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;

/**
 * WebDAV dead properties in PostgreSQL. A PROPPATCH is one transaction (all its instructions or none); the rows
 * follow the node: same id through a MOVE, copied with a COPY, deleted with the node.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class DeadProperties {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /** One instruction of a PROPPATCH: a value to set, or null to remove. */
    public record Change(QName name, String value) {}

    /** Applies every change in order, in one transaction. */
    public void apply(long nodeId, List<Change> changes) {
        for (Change c : changes) {
            if (c.value() == null) {
                em.createNativeQuery("DELETE FROM dav_properties WHERE node_id = ?1 AND namespace = ?2 AND name = ?3")
                        .setParameter(1, nodeId)
                        .setParameter(2, c.name().getNamespaceURI())
                        .setParameter(3, c.name().getLocalPart())
                        .executeUpdate();
            } else {
                em.createNativeQuery(
                                "INSERT INTO dav_properties (node_id, namespace, name, value) VALUES (?1, ?2, ?3, ?4)"
                                        + " ON CONFLICT (node_id, namespace, name) DO UPDATE SET value = EXCLUDED.value")
                        .setParameter(1, nodeId)
                        .setParameter(2, c.name().getNamespaceURI())
                        .setParameter(3, c.name().getLocalPart())
                        .setParameter(4, c.value())
                        .executeUpdate();
            }
        }
    }

    /** The dead properties of some nodes, in one query: node id to (name to value). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<Long, Map<QName, String>> of(Collection<Long> nodeIds) {
        Map<Long, Map<QName, String>> all = new HashMap<>();
        if (nodeIds.isEmpty()) {
            return all;
        }
        List<?> rows = em.createNativeQuery("SELECT node_id, namespace, name, value FROM dav_properties"
                        + " WHERE node_id = ANY (CAST(?1 AS bigint[])) ORDER BY node_id, namespace, name")
                .setParameter(1, arrayLiteral(nodeIds))
                .getResultList();
        for (Object o : rows) {
            Object[] r = (Object[]) o;
            all.computeIfAbsent(((Number) r[0]).longValue(), k -> new LinkedHashMap<>())
                    .put(new QName((String) r[1], (String) r[2]), (String) r[3]);
        }
        return all;
    }

    /**
     * Copies the properties of a subtree onto its copy: the two trees are walked side by side from their tops,
     * pairing children by name, in one statement.
     */
    public void copySubtree(long sourceId, long copyId) {
        em.createNativeQuery("WITH RECURSIVE pairs(src, dst) AS (SELECT CAST(?1 AS bigint), CAST(?2 AS bigint)"
                        + " UNION ALL SELECT s.id, d.id FROM pairs p"
                        + " JOIN nodes s ON s.parent_id = p.src AND s.trashed_at IS NULL"
                        + " JOIN nodes d ON d.parent_id = p.dst AND d.trashed_at IS NULL AND d.name = s.name)"
                        + " INSERT INTO dav_properties (node_id, namespace, name, value)"
                        + " SELECT p.dst, v.namespace, v.name, v.value FROM pairs p"
                        + " JOIN dav_properties v ON v.node_id = p.src"
                        + " ON CONFLICT (node_id, namespace, name) DO UPDATE SET value = EXCLUDED.value")
                .setParameter(1, sourceId)
                .setParameter(2, copyId)
                .executeUpdate();
    }

    private static String arrayLiteral(Collection<Long> ids) {
        StringBuilder sb = new StringBuilder("{");
        for (Long id : ids) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append(id.longValue());
        }
        return sb.append('}').toString();
    }
}
