package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.RecentItems;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class SqlRecentItems implements RecentItems {
    /**
     * One write in this many trims the user's list back to {@link #KEPT}; the list between trims holds a few more,
     * which {@link #list} never shows (it reads at most KEPT). A trim per write cost every upload a statement while
     * it held the owner's lock.
     */
    static final int TRIM_ONE_IN = 16;

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /** Records that the user opened or changed the node; joins the caller's transaction if there is one. */
    @Transactional
    public void touch(UUID user, long nodeId, String action) {
        em.createNativeQuery("INSERT INTO recent_items (user_id, node_id, action, at) VALUES (?1, ?2, ?3, now())"
                        + " ON CONFLICT (user_id, node_id) DO UPDATE SET action = excluded.action, at = excluded.at")
                .setParameter(1, user)
                .setParameter(2, nodeId)
                .setParameter(3, action)
                .executeUpdate();
        trimSometimes(user);
    }

    /** One call in {@link #TRIM_ONE_IN} trims the user's list back to {@link #KEPT}. */
    @Transactional
    public void trimSometimes(UUID user) {
        if (java.util.concurrent.ThreadLocalRandom.current().nextInt(TRIM_ONE_IN) != 0) {
            return;
        }
        em.createNativeQuery("DELETE FROM recent_items WHERE user_id = ?1 AND node_id IN (SELECT node_id FROM"
                        + " recent_items WHERE user_id = ?1 ORDER BY at DESC OFFSET ?2)")
                .setParameter(1, user)
                .setParameter(2, KEPT)
                .executeUpdate();
    }

    @Override
    public List<Recent> list(UUID caller, int limit) {
        if (limit < 1 || limit > KEPT) {
            throw dev.nubo.platform.api.NuboException.invalid("limit must be between 1 and " + KEPT);
        }
        List<?> rows = em.createNativeQuery("SELECT " + NodeRows.COLUMNS + ", r.action, r.at FROM recent_items r"
                        + " JOIN nodes n ON n.id = r.node_id WHERE r.user_id = ?1 AND n.owner_id = ?1 AND"
                        + NodeRows.NOT_IN_TRASH + " ORDER BY r.at DESC LIMIT ?2")
                .setParameter(1, caller)
                .setParameter(2, limit)
                .getResultList();
        return rows.stream()
                .map(r -> (Object[]) r)
                .map(r -> new Recent(NodeRows.view(Arrays.copyOf(r, 10)), (String) r[10], time(r[11])))
                .toList();
    }
}
