package dev.nubo.files.infra;

import dev.nubo.platform.api.NuboException;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.UUID;

/**
 * A move between two owners' trees: a person's own files and a shared drive, or two drives. The subtree changes
 * owner in a fixed number of statements whatever its size, and its bytes move from one owner's usage to the other's
 * (every file node counts its full size against its owner, as uploads and copies charge it, whether or not its
 * content is shared with other nodes by deduplication; items in the trash beneath the moved item move along).
 * Grants, public links, favorites and dead properties stay on the node ids and so travel with the items; a grant
 * made to the new owner is dropped, since it is theirs now.
 */
final class OwnerTransfer {
    private OwnerTransfer() {}

    /**
     * Refuses the move unless each owner is the caller or a shared drive: an item shared by another person stays in
     * that person's files (409 {@code other_owner}, as before drives).
     */
    static void requireMovable(EntityManager em, UUID caller, UUID from, UUID to, String name) {
        List<?> persons = em.createNativeQuery(
                        "SELECT 1 FROM users WHERE id IN (?1, ?2) AND id <> ?3 AND kind = 'person'")
                .setParameter(1, from)
                .setParameter(2, to)
                .setParameter(3, caller)
                .getResultList();
        if (!persons.isEmpty()) {
            throw NuboException.conflict(
                    "other_owner", "'" + name + "' belongs to someone else's files there; copy it instead");
        }
    }

    /** Locks both owners' rows in one order (so two opposite moves cannot deadlock). */
    static void lockBoth(EntityManager em, TreeVersions versions, UUID a, UUID b) {
        boolean aFirst = a.compareTo(b) < 0;
        NodeSql.lockOwner(em, versions, aFirst ? a : b);
        NodeSql.lockOwner(em, versions, aFirst ? b : a);
    }

    /**
     * Gives the subtree of {@code nodeId} to {@code to}; its bytes are charged to {@code to} first (507 and nothing
     * changed when they do not fit) and given back to {@code from}. The caller holds both owner locks.
     */
    static void reown(EntityManager em, long nodeId, UUID from, UUID to) {
        String subtree = "path <@ (SELECT path FROM nodes WHERE id = ?1)";
        long bytes = ((Number)
                        em.createNativeQuery("SELECT coalesce(sum(size), 0) FROM nodes WHERE kind = 'f' AND " + subtree)
                                .setParameter(1, nodeId)
                                .getSingleResult())
                .longValue();
        NodeSql.charge(em, to, bytes);
        NodeSql.charge(em, from, -bytes);
        em.createNativeQuery("UPDATE nodes SET owner_id = ?2 WHERE " + subtree)
                .setParameter(1, nodeId)
                .setParameter(2, to)
                .executeUpdate();
        String inSubtree = " WHERE node_id IN (SELECT id FROM nodes WHERE " + subtree + ")";
        em.createNativeQuery("DELETE FROM grants" + inSubtree + " AND grantee_user_id = ?2")
                .setParameter(1, nodeId)
                .setParameter(2, to)
                .executeUpdate();
        for (String table : List.of("grants", "public_links")) {
            em.createNativeQuery("UPDATE " + table + " SET owner_id = ?2" + inSubtree)
                    .setParameter(1, nodeId)
                    .setParameter(2, to)
                    .executeUpdate();
        }
    }
}
