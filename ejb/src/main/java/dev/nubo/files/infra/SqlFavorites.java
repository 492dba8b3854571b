package dev.nubo.files.infra;

import dev.nubo.files.api.Favorites;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeView;
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
    public List<NodeView> list(UUID caller) {
        return NodeSql.rows(em.createNativeQuery("SELECT " + NodeSql.COLUMNS + " FROM favorites f"
                        + " JOIN nodes n ON n.id = f.node_id WHERE f.user_id = ?1 AND n.owner_id = ?1 AND"
                        + NodeSql.NOT_IN_TRASH + " ORDER BY n.kind, n.name LIMIT ?2")
                .setParameter(1, caller)
                .setParameter(2, MAX_LIST)
                .getResultList());
    }
}
