package dev.nubo.storage.infra;

import dev.nubo.storage.api.BlobReferences;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.ContentHash;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

@ApplicationScoped
public class SqlBlobReferences implements BlobReferences {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    BlobStore store;

    @Inject
    jakarta.enterprise.event.Event<dev.nubo.storage.api.BlobCollected> collected;

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void addReference(ContentHash hash, long size) {
        em.createNativeQuery(
                        "INSERT INTO blobs (hash, size, ref_count, unreferenced_since) VALUES (?1, ?2, 1, NULL)"
                                + " ON CONFLICT (hash) DO UPDATE SET ref_count = blobs.ref_count + 1, unreferenced_since = NULL")
                .setParameter(1, hash.hex())
                .setParameter(2, size)
                .executeUpdate();
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void dropReference(ContentHash hash) {
        int updated = em.createNativeQuery("UPDATE blobs SET ref_count = ref_count - 1,"
                        + " unreferenced_since = CASE WHEN ref_count = 1 THEN now() END"
                        + " WHERE hash = ?1 AND ref_count > 0")
                .setParameter(1, hash.hex())
                .executeUpdate();
        if (updated != 1) {
            throw new IllegalStateException("blob " + hash + " has no reference to drop");
        }
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int collect(java.time.Duration grace, int batch) {
        @SuppressWarnings("unchecked")
        List<Object> due = em.createNativeQuery("SELECT hash FROM blobs WHERE ref_count = 0"
                        + " AND unreferenced_since < now() - ?1 * interval '1 millisecond'"
                        + " ORDER BY unreferenced_since LIMIT ?2 FOR UPDATE SKIP LOCKED")
                .setParameter(1, grace.toMillis())
                .setParameter(2, batch)
                .getResultList();
        for (Object hex : due) {
            ContentHash hash = new ContentHash(String.valueOf(hex).trim());
            try {
                // the file goes first: if the transaction then fails, the row stays and a later run retries
                store.delete(hash);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            em.createNativeQuery("DELETE FROM blobs WHERE hash = ?1 AND ref_count = 0")
                    .setParameter(1, hash.hex())
                    .executeUpdate();
            collected.fire(new dev.nubo.storage.api.BlobCollected(hash));
        }
        return due.size();
    }
}
