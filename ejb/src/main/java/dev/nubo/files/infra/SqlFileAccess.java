package dev.nubo.files.infra;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.UUID;

/** Ownership, in one indexed query: the node is the caller's and nothing on its path is in the trash. */
@ApplicationScoped
public class SqlFileAccess implements FileAccess {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    public NodeView require(UUID caller, long nodeId, Need need) {
        return NodeSql.one(em.createNativeQuery("SELECT " + NodeSql.COLUMNS + " FROM nodes n WHERE n.owner_id = ?1"
                                + " AND n.id = ?2 AND" + NodeSql.NOT_IN_TRASH)
                        .setParameter(1, caller)
                        .setParameter(2, nodeId)
                        .getResultList())
                .orElseThrow(() -> NuboException.notFound("file or folder"));
    }

    @Override
    public NodeView requireFolder(UUID caller, long nodeId, Need need) {
        NodeView node = require(caller, nodeId, need);
        if (!node.folder()) {
            throw NuboException.conflict("not_a_folder", "'" + node.name() + "' is a file, not a folder");
        }
        return node;
    }

    @Override
    public UUID ownerOf(long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT owner_id FROM nodes WHERE id = ?1")
                .setParameter(1, nodeId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("file or folder");
        }
        Object owner = rows.get(0);
        return owner instanceof UUID u ? u : UUID.fromString(String.valueOf(owner));
    }
}
