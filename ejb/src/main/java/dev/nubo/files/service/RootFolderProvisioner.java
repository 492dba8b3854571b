package dev.nubo.files.service;

import dev.nubo.users.api.UserCreated;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Gives every new user a root folder, inside the transaction that creates the user: a user without a root never
 * exists, and a failure here creates no user.
 */
@ApplicationScoped
public class RootFolderProvisioner {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    void createRoot(@Observes UserCreated created) {
        em.createNativeQuery("INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                        + " SELECT n.id, ?1, NULL, text2ltree(n.id::text), 'd', '', md5(random()::text || n.id::text)"
                        + " FROM (SELECT nextval('nodes_id_seq') AS id) n")
                .setParameter(1, created.userId())
                .executeUpdate();
    }
}
