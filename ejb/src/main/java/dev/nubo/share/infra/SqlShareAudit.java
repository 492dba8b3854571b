package dev.nubo.share.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.share.api.AuditEntry;
import dev.nubo.share.api.ShareAudit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The audit trail in table {@code share_audit}; pages are keyset-paginated on {@code (at, id)}. */
@ApplicationScoped
public class SqlShareAudit implements ShareAudit {
    static final int MAX_PAGE = 500;
    private static final String COLUMNS = "id, at, action, actor_id, owner_id, node_id, subject, detail, address";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /** The casts type the parameters that may be null: EclipseLink binds a null as varchar, which PostgreSQL refuses. */
    @Override
    public void record(Actor actor, String action, UUID ownerId, Long nodeId, String subject, String detail) {
        // the casts: a null parameter binds as varchar, which PostgreSQL will not put into a uuid or bigint column
        em.createNativeQuery("INSERT INTO share_audit (action, actor_id, owner_id, node_id, subject, detail, address)"
                        + " VALUES (?1, CAST(?2 AS uuid), CAST(?3 AS uuid), CAST(?4 AS bigint), ?5, ?6, ?7)")
                .setParameter(1, action)
                .setParameter(2, actor.actorId())
                .setParameter(3, ownerId)
                .setParameter(4, nodeId)
                .setParameter(5, cut(subject, 255))
                .setParameter(6, cut(detail, 1000))
                .setParameter(7, cut(actor.address(), 64))
                .executeUpdate();
    }

    @Override
    public List<AuditEntry> forOwner(UUID ownerId, Optional<Cursor> after, int limit) {
        return page("owner_id = ?3", ownerId, after, limit);
    }

    @Override
    public List<AuditEntry> all(Optional<Cursor> after, int limit) {
        return page("?3 IS NULL", null, after, limit);
    }

    private List<AuditEntry> page(String where, UUID ownerId, Optional<Cursor> after, int limit) {
        Query q = em.createNativeQuery("SELECT " + COLUMNS + " FROM share_audit WHERE " + where
                        + " AND (CAST(?1 AS timestamptz) IS NULL OR (at, id) < (CAST(?1 AS timestamptz), ?2))"
                        + " ORDER BY at DESC, id DESC LIMIT ?4")
                .setParameter(1, after.map(c -> Timestamp.from(c.at())).orElse(null))
                .setParameter(2, after.map(Cursor::id).orElse(0L))
                .setParameter(3, ownerId)
                .setParameter(4, Math.max(1, Math.min(limit, MAX_PAGE)));
        return ((List<?>) q.getResultList())
                .stream()
                        .map(r -> (Object[]) r)
                        .map(r -> new AuditEntry(
                                ((Number) r[0]).longValue(),
                                time(r[1]).toInstant(),
                                (String) r[2],
                                uuid(r[3]),
                                uuid(r[4]),
                                r[5] == null ? null : ((Number) r[5]).longValue(),
                                (String) r[6],
                                (String) r[7],
                                (String) r[8]))
                        .toList();
    }

    private static UUID uuid(Object o) {
        return o == null ? null : o instanceof UUID u ? u : UUID.fromString(o.toString());
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
