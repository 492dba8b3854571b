package dev.nubo.files.service;

import dev.nubo.drives.api.DriveCreated;
import dev.nubo.users.api.UserCreated;
import dev.nubo.users.api.UserDeleting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Gives every new user a root folder, inside the transaction that creates the user: a user without a root never
 * exists, and a failure here creates no user. When a user is deleted, their files' blob references are dropped in
 * the same transaction (the rows go by cascade), so content only they used starts its grace period.
 */
@ApplicationScoped
public class RootFolderProvisioner {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    void createRoot(@Observes UserCreated created) {
        createRoot(created.userId());
    }

    /** A shared drive's root, made like a person's. */
    void createDriveRoot(@Observes DriveCreated created) {
        createRoot(created.driveId());
    }

    private void createRoot(java.util.UUID owner) {
        em.createNativeQuery("INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                        + " SELECT n.id, ?1, NULL, text2ltree(n.id::text), 'd', '', md5(random()::text || n.id::text)"
                        + " FROM (SELECT nextval('nodes_id_seq') AS id) n")
                .setParameter(1, owner)
                .executeUpdate();
    }

    void releaseBlobs(@Observes UserDeleting deleting) {
        // the owner row first, as every write does, then blob rows in hash order
        em.createNativeQuery("SELECT id FROM users WHERE id = ?1 FOR UPDATE")
                .setParameter(1, deleting.userId())
                .getResultList();
        em.createNativeQuery("SELECT b.hash FROM blobs b WHERE b.hash IN (SELECT blob_hash FROM nodes"
                        + " WHERE owner_id = ?1 AND kind = 'f') ORDER BY b.hash FOR UPDATE")
                .setParameter(1, deleting.userId())
                .getResultList();
        em.createNativeQuery(
                        "UPDATE blobs b SET ref_count = b.ref_count - c.k, unreferenced_since ="
                                + " CASE WHEN b.ref_count - c.k = 0 THEN now() END FROM (SELECT blob_hash, count(*) AS k"
                                + " FROM nodes WHERE owner_id = ?1 AND kind = 'f' GROUP BY blob_hash) c WHERE b.hash = c.blob_hash")
                .setParameter(1, deleting.userId())
                .executeUpdate();
    }
}
