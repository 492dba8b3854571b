package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.FileContent.ArchiveEntry;
import dev.nubo.storage.api.ContentHash;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reads for archives and uploads that need no transaction of their own. */
@ApplicationScoped
public class SqlArchive {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /**
     * Everything beneath the given (already authorised) nodes, trashed items and their contents excluded, as paths
     * relative to each selected node's parent, ordered so that a folder comes before its contents. One statement.
     */
    public List<ArchiveEntry> entries(List<Long> ids) {
        String idList = ids.stream().map(String::valueOf).collect(Collectors.joining(","));
        List<?> rows = em.createNativeQuery(
                        "WITH RECURSIVE t AS ("
                                + "SELECT n.id, CASE WHEN n.parent_id IS NULL THEN '' ELSE n.name::text END AS rel, n.kind,"
                                + " n.size, n.blob_hash, n.modified_at FROM nodes n"
                                + " WHERE n.id = ANY (CAST(string_to_array(?1, ',') AS bigint[]))"
                                + " UNION ALL SELECT c.id, CASE WHEN t.rel = '' THEN c.name::text ELSE t.rel || '/' || c.name END,"
                                + " c.kind, c.size, c.blob_hash, c.modified_at FROM nodes c JOIN t ON c.parent_id = t.id"
                                + " WHERE c.trashed_at IS NULL)"
                                + " SELECT rel, kind, size, blob_hash, modified_at FROM t WHERE rel <> '' ORDER BY rel COLLATE \"C\"")
                .setParameter(1, idList)
                .getResultList();
        return rows.stream()
                .map(r -> (Object[]) r)
                .map(r -> {
                    boolean folder = "d".equals(String.valueOf(r[1]));
                    return new ArchiveEntry(
                            folder ? r[0] + "/" : (String) r[0],
                            folder,
                            folder ? 0 : ((Number) r[2]).longValue(),
                            folder
                                    ? Optional.empty()
                                    : Optional.of(
                                            new ContentHash(String.valueOf(r[3]).trim())),
                            time(r[4]).toInstant());
                })
                .toList();
    }

    /** Bytes the owner may still add: quota minus usage, Long.MAX_VALUE when unlimited. One primary-key read. */
    public long room(java.util.UUID owner) {
        List<?> rows = em.createNativeQuery("SELECT quota_bytes, used_bytes FROM users WHERE id = ?1")
                .setParameter(1, owner)
                .getResultList();
        if (rows.isEmpty()) {
            return 0;
        }
        Object[] r = (Object[]) rows.get(0);
        return r[0] == null ? Long.MAX_VALUE : Math.max(0, ((Number) r[0]).longValue() - ((Number) r[1]).longValue());
    }

    /** The size of the live file of that name in the folder, 0 if there is none. */
    public long liveFileSize(long parentId, String name) {
        List<?> rows = em.createNativeQuery("SELECT size FROM nodes WHERE parent_id = ?1 AND name = ?2"
                        + " AND trashed_at IS NULL AND kind = 'f'")
                .setParameter(1, parentId)
                .setParameter(2, name)
                .getResultList();
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).longValue();
    }
}
