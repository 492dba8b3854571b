package dev.nubo.search.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * What the search index is built from, read from the database: the queue of changed nodes that the triggers of V6
 * fill, the indexable facts of live nodes, and the nodes behind a page of hits. Reads only; each call is its own
 * short transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class SqlSearchSource {
    /** A node as the index sees it; {@code ancestors} are the folder ids from the root down to the parent. */
    public record Row(
            long id,
            UUID owner,
            long parentId,
            long[] ancestors,
            String name,
            boolean folder,
            long size,
            String mimeType,
            java.time.Instant modifiedAt,
            String contentHash) {}

    /** Queue entries read in one go: their sequence numbers (to delete once handled) and the distinct node ids. */
    public record Batch(List<Long> seqs, List<Long> nodeIds) {
        public boolean isEmpty() {
            return seqs.isEmpty();
        }
    }

    /** No item on the path (the node included) is in the trash, checked by primary key along the path's ids. */
    private static final String LIVE = " AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.id = ANY (CAST("
            + "string_to_array(ltree2text(n.path), '.') AS bigint[])) AND t.trashed_at IS NOT NULL)";

    private static final String ROW = "SELECT n.id, n.owner_id, n.parent_id, ltree2text(n.path), n.name, n.kind,"
            + " n.size, n.mime_type, n.modified_at, n.blob_hash FROM nodes n";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /** The oldest queue entries, at most {@code limit}. */
    public Batch next(int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT seq, node_id FROM search_queue ORDER BY seq LIMIT ?1")
                .setParameter(1, limit)
                .getResultList();
        List<Long> seqs = new ArrayList<>(rows.size());
        java.util.LinkedHashSet<Long> ids = new java.util.LinkedHashSet<>();
        for (Object[] r : rows) {
            seqs.add(((Number) r[0]).longValue());
            ids.add(((Number) r[1]).longValue());
        }
        return new Batch(seqs, List.copyOf(ids));
    }

    /**
     * Removes handled entries by their sequence numbers (not "up to the highest": a transaction that took a lower
     * number may commit after the batch was read).
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public void done(List<Long> seqs) {
        if (!seqs.isEmpty()) {
            em.createNativeQuery(
                            "DELETE FROM search_queue WHERE seq = ANY (CAST(string_to_array(?1, ',') AS bigint[]))")
                    .setParameter(1, join(seqs))
                    .executeUpdate();
        }
    }

    /** How many entries wait. */
    public long pending() {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM search_queue")
                        .getSingleResult())
                .longValue();
    }

    /** The live, indexable nodes among these ids (roots are not indexed); ids missing from the answer are gone. */
    public List<Row> live(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return rows(em.createNativeQuery(ROW + " WHERE n.id = ANY (CAST(string_to_array(?1, ',') AS bigint[]))"
                        + " AND n.parent_id IS NOT NULL" + LIVE)
                .setParameter(1, join(ids))
                .getResultList());
    }

    /** A page of every live indexable node in id order after {@code afterId}, for a rebuild. */
    public List<Row> allAfter(long afterId, int limit) {
        return rows(em.createNativeQuery(
                        ROW + " WHERE n.id > ?1 AND n.parent_id IS NOT NULL" + LIVE + " ORDER BY n.id LIMIT ?2")
                .setParameter(1, afterId)
                .setParameter(2, limit)
                .getResultList());
    }

    /**
     * The live nodes behind a page of hits, each with its location ("/Docs/a.txt"), keyed by id in the order asked;
     * a hit the database no longer confirms for one of these owners (the index lagging behind) is left out.
     */
    public Map<Long, Located> located(Collection<UUID> owners, List<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT " + NodeRows.COLUMNS + ", (SELECT string_agg(a.name, '/' ORDER BY"
                                + " nlevel(a.path)) FROM nodes a WHERE a.id = ANY (CAST(string_to_array(ltree2text(n.path),"
                                + " '.') AS bigint[])) AND a.parent_id IS NOT NULL) FROM nodes n WHERE n.id = ANY (CAST("
                                + "string_to_array(?1, ',') AS bigint[])) AND n.owner_id = ANY (CAST(string_to_array(?2, ',')"
                                + " AS uuid[])) AND n.parent_id IS NOT NULL" + LIVE)
                .setParameter(1, join(ids))
                .setParameter(2, owners.stream().map(UUID::toString).collect(Collectors.joining(",")))
                .getResultList();
        Map<Long, Located> byId = new java.util.HashMap<>();
        for (Object[] r : rows) {
            NodeView node = NodeRows.view(r);
            byId.put(node.id(), new Located(node, "/" + (r[10] == null ? "" : r[10])));
        }
        Map<Long, Located> ordered = new LinkedHashMap<>();
        for (Long id : ids) {
            Located l = byId.get(id);
            if (l != null) {
                ordered.put(id, l);
            }
        }
        return ordered;
    }

    public record Located(NodeView node, String path) {}

    private static List<Row> rows(List<?> result) {
        List<Row> rows = new ArrayList<>(result.size());
        for (Object o : result) {
            Object[] r = (Object[]) o;
            long[] path = Arrays.stream(((String) r[3]).split("\\."))
                    .mapToLong(Long::parseLong)
                    .toArray();
            rows.add(new Row(
                    ((Number) r[0]).longValue(),
                    (UUID) r[1],
                    ((Number) r[2]).longValue(),
                    Arrays.copyOf(path, path.length - 1),
                    (String) r[4],
                    "d".equals(String.valueOf(r[5])),
                    ((Number) r[6]).longValue(),
                    (String) r[7],
                    time(r[8]).toInstant(),
                    r[9] == null ? null : String.valueOf(r[9]).trim()));
        }
        return rows;
    }

    private static String join(Collection<Long> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
