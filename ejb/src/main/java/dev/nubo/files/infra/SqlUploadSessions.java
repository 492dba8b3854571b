package dev.nubo.files.infra;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.storage.api.ContentHash;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The rows of resumable uploads; each method is its own short transaction. */
@ApplicationScoped
@Transactional
public class SqlUploadSessions {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    public void insert(
            UUID id, UUID owner, long parentId, String name, long total, Optional<ContentHash> sha, ConflictMode mode) {
        em.createNativeQuery("INSERT INTO upload_sessions (id, owner_id, parent_id, name, total_size, sha256, conflict)"
                        + " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
                .setParameter(1, id)
                .setParameter(2, owner)
                .setParameter(3, parentId)
                .setParameter(4, name)
                .setParameter(5, total)
                .setParameter(6, sha.map(ContentHash::hex).orElse(null))
                .setParameter(7, mode.wire())
                .executeUpdate();
    }

    /** parent_id, name, total_size, conflict, sha256, created_at of the caller's session. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Object[]> find(UUID id, UUID owner) {
        List<?> rows = em.createNativeQuery("SELECT parent_id, name, total_size, conflict, sha256, created_at"
                        + " FROM upload_sessions WHERE id = ?1 AND owner_id = ?2")
                .setParameter(1, id)
                .setParameter(2, owner)
                .getResultList();
        return rows.stream().map(r -> (Object[]) r).findFirst();
    }

    public void touch(UUID id) {
        em.createNativeQuery("UPDATE upload_sessions SET updated_at = now() WHERE id = ?1")
                .setParameter(1, id)
                .executeUpdate();
    }

    public void delete(UUID id) {
        em.createNativeQuery("DELETE FROM upload_sessions WHERE id = ?1")
                .setParameter(1, id)
                .executeUpdate();
    }

    @SuppressWarnings("unchecked")
    public List<UUID> deleteIdle(Duration idle) {
        List<Object> ids = em.createNativeQuery("DELETE FROM upload_sessions WHERE updated_at < now() - ?1 *"
                        + " interval '1 millisecond' RETURNING CAST(id AS text)")
                .setParameter(1, idle.toMillis())
                .getResultList();
        return ids.stream().map(i -> UUID.fromString(String.valueOf(i))).toList();
    }

    @SuppressWarnings("unchecked")
    @Transactional(Transactional.TxType.SUPPORTS)
    public Set<String> liveIds() {
        return new HashSet<>(em.createNativeQuery("SELECT CAST(id AS text) FROM upload_sessions")
                .getResultList());
    }
}
