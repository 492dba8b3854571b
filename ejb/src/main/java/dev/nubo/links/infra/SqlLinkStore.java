package dev.nubo.links.infra;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code public_links} in SQL. The visitor's question "which live link is this token, and is this item beneath
 * it" is one statement ({@link #resolve}), so a download reads metadata once. Callers bring the transaction.
 */
@ApplicationScoped
public class SqlLinkStore {
    private static final String VIEW_COLUMNS = "l.id, l.token, l.node_id, r.name, r.kind, l.permission,"
            + " l.password_hash IS NOT NULL, l.expires_at, l.download_limit, l.download_count, l.label, l.owner_id,"
            + " l.created_by, l.created_at, r.parent_id, r.mime_type";
    /** A link is alive: not expired, not exhausted. */
    private static final String ALIVE = " (l.expires_at IS NULL OR l.expires_at > now())"
            + " AND (l.download_limit IS NULL OR l.download_count < l.download_limit)";

    /**
     * Whether the link's creator may still share its item (issue 10): the owner always; anyone else while they hold a
     * live manager grant on the item or a folder above it, themselves or through one of their groups (nested groups
     * included), the rule {@code FileAccess} applies to {@code Need.SHARE}. Part of the lookup statement, so a
     * revoked or downgraded grant, or leaving the group, silences the link on the next request at no extra round trip.
     */
    static final String CREATOR_MAY_SHARE = "(l.created_by = l.owner_id OR EXISTS (WITH RECURSIVE eg(id) AS ("
            + " SELECT m.group_id FROM group_members m WHERE m.user_id = l.created_by"
            + " UNION SELECT m.group_id FROM group_members m JOIN eg ON m.member_group_id = eg.id)"
            + " SELECT 1 FROM grants g"
            + " WHERE g.node_id = ANY (CAST(string_to_array(ltree2text(r.path), '.') AS bigint[]))"
            + " AND g.role = 'manager' AND (g.expires_at IS NULL OR g.expires_at > now())"
            + " AND (g.grantee_user_id = l.created_by OR g.grantee_group_id IN (SELECT id FROM eg))))";

    private static final String RESOLVED_COLUMNS = "l.id, l.token, l.owner_id, u.display_name, l.permission,"
            + " l.password_hash, l.expires_at, " + CREATOR_MAY_SHARE + ", " + NodeRows.COLUMNS + ", "
            + NodeRows.COLUMNS.replace("n.", "r.");

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    /**
     * A resolved link with its owner's display name, the stored token and password hash, whether its creator may
     * still share its item, and the item ({@code depth}: how many names of a path lookup matched below the root).
     */
    public record Resolved(
            long id,
            String token,
            UUID ownerId,
            String ownerName,
            LinkPermission permission,
            String passwordHash,
            Instant expiresAt,
            boolean creatorMayShare,
            NodeView root,
            NodeView node,
            int depth) {}

    public long insert(
            byte[] tokenHash,
            String token,
            long nodeId,
            UUID ownerId,
            UUID createdBy,
            LinkPermission permission,
            String passwordHash,
            Instant expiresAt,
            Integer limit,
            String label) {
        Object id = em.createNativeQuery("INSERT INTO public_links (token_hash, token, node_id, owner_id, created_by,"
                        + " permission, password_hash, expires_at, download_limit, label) VALUES (?1, ?2, ?3, ?4, ?5,"
                        + " ?6, ?7, CAST(?8 AS timestamptz), CAST(?9 AS integer), ?10) RETURNING id")
                .setParameter(1, tokenHash)
                .setParameter(2, token)
                .setParameter(3, nodeId)
                .setParameter(4, ownerId)
                .setParameter(5, createdBy)
                .setParameter(6, permission.wire())
                .setParameter(7, passwordHash)
                .setParameter(8, timestamp(expiresAt))
                .setParameter(9, limit)
                .setParameter(10, label)
                .getSingleResult();
        return ((Number) id).longValue();
    }

    public Optional<LinkView> find(long id) {
        return views("l.id = ?1", id).stream().findFirst();
    }

    public List<LinkView> ofNode(long nodeId) {
        return views("l.node_id = ?1", nodeId);
    }

    public List<LinkView> ofUser(UUID user) {
        return views("(l.owner_id = ?1 OR l.created_by = ?1)", user);
    }

    private List<LinkView> views(String where, Object param) {
        return em
                .createNativeQuery("SELECT " + VIEW_COLUMNS + " FROM public_links l JOIN nodes r ON r.id = l.node_id"
                        + " WHERE " + where + " ORDER BY l.created_at DESC, l.id DESC LIMIT 1000")
                .setParameter(1, param)
                .getResultList()
                .stream()
                .map(o -> view((Object[]) o))
                .toList();
    }

    /** Sets one column; {@code column} is a fixed name from the service, never input. */
    public void set(long id, String column, Object value) {
        String cast =
                switch (column) {
                    case "expires_at" -> "CAST(?2 AS timestamptz)";
                    case "download_limit" -> "CAST(?2 AS integer)";
                    case "permission", "password_hash", "label" -> "?2";
                    default -> throw new IllegalArgumentException(column);
                };
        em.createNativeQuery("UPDATE public_links SET " + column + " = " + cast + ", updated_at = now() WHERE id = ?1")
                .setParameter(1, id)
                .setParameter(2, value instanceof Instant i ? timestamp(i) : value)
                .executeUpdate();
    }

    public void delete(long id) {
        em.createNativeQuery("DELETE FROM public_links WHERE id = ?1")
                .setParameter(1, id)
                .executeUpdate();
    }

    /**
     * The live link of that token and an item at or below its root (the root when {@code nodeId} is null), nothing
     * on the item's path in the trash; one statement.
     */
    public Optional<Resolved> resolve(byte[] tokenHash, Long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT " + RESOLVED_COLUMNS + ", 0"
                        + " FROM public_links l JOIN users u ON u.id = l.owner_id"
                        + " JOIN nodes r ON r.id = l.node_id"
                        + " JOIN nodes n ON n.id = coalesce(CAST(?2 AS bigint), l.node_id)"
                        + " AND n.owner_id = r.owner_id AND n.path <@ r.path"
                        + " WHERE l.token_hash = ?1 AND" + ALIVE
                        + " AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @> n.path AND t.trashed_at IS NOT NULL)")
                .setParameter(1, tokenHash)
                .setParameter(2, nodeId)
                .getResultList();
        return rows.stream().map(o -> resolved((Object[]) o)).findFirst();
    }

    /**
     * The live link of that token and how far a path of names leads below its root (public WebDAV addresses items
     * by path): the deepest item reached and how many names matched, nothing on the way in the trash; one statement,
     * so a download through the link reads its metadata once.
     */
    public Optional<Resolved> resolvePath(byte[] tokenHash, List<String> names) {
        List<?> rows = em.createNativeQuery("WITH RECURSIVE walk(id, depth) AS ("
                        + " SELECT l.node_id, 0 FROM public_links l WHERE l.token_hash = ?1"
                        + " UNION ALL"
                        + " SELECT c.id, w.depth + 1 FROM walk w JOIN nodes c ON c.parent_id = w.id"
                        + " AND c.trashed_at IS NULL AND c.name = (string_to_array(?2, '/'))[w.depth + 1]"
                        + " WHERE w.depth < ?3)"
                        + " SELECT " + RESOLVED_COLUMNS + ", w.depth"
                        + " FROM (SELECT id, depth FROM walk ORDER BY depth DESC LIMIT 1) w"
                        + " JOIN nodes n ON n.id = w.id"
                        + " JOIN public_links l ON l.token_hash = ?1 JOIN users u ON u.id = l.owner_id"
                        + " JOIN nodes r ON r.id = l.node_id"
                        + " WHERE" + ALIVE
                        + " AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @> r.path AND t.trashed_at IS NOT NULL)")
                .setParameter(1, tokenHash)
                .setParameter(2, String.join("/", names))
                .setParameter(3, names.size())
                .getResultList();
        return rows.stream().map(o -> resolved((Object[]) o)).findFirst();
    }

    private static Resolved resolved(Object[] r) {
        NodeView node = NodeRows.view(java.util.Arrays.copyOfRange(r, 8, 8 + NodeRows.WIDTH));
        NodeView root = NodeRows.view(java.util.Arrays.copyOfRange(r, 8 + NodeRows.WIDTH, 8 + 2 * NodeRows.WIDTH));
        return new Resolved(
                ((Number) r[0]).longValue(),
                (String) r[1],
                uuid(r[2]),
                (String) r[3],
                LinkPermission.parse((String) r[4]),
                (String) r[5],
                r[6] == null ? null : time(r[6]).toInstant(),
                Boolean.TRUE.equals(r[7]),
                root,
                node,
                ((Number) r[8 + 2 * NodeRows.WIDTH]).intValue());
    }

    /** How many of the ids are live items at or below the root (one statement). */
    public long countBelow(long rootId, List<Long> ids) {
        String idList = String.join(",", ids.stream().map(String::valueOf).toList());
        Object n = em.createNativeQuery("SELECT count(*) FROM nodes r JOIN nodes n ON n.owner_id = r.owner_id"
                        + " AND n.path <@ r.path WHERE r.id = ?1"
                        + " AND n.id = ANY (CAST(string_to_array(?2, ',') AS bigint[]))"
                        + " AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @> n.path AND t.trashed_at IS NOT NULL)")
                .setParameter(1, rootId)
                .setParameter(2, idList)
                .getSingleResult();
        return ((Number) n).longValue();
    }

    /** One more download if the limit allows it; false when the link is exhausted (or gone) meanwhile. */
    public boolean countDownload(long id) {
        return em.createNativeQuery("UPDATE public_links l SET download_count = download_count + 1 WHERE l.id = ?1"
                                + " AND" + ALIVE)
                        .setParameter(1, id)
                        .executeUpdate()
                == 1;
    }

    private static LinkView view(Object[] r) {
        return new LinkView(
                ((Number) r[0]).longValue(),
                (String) r[1],
                ((Number) r[2]).longValue(),
                (String) r[3],
                "d".equals(String.valueOf(r[4])),
                LinkPermission.parse((String) r[5]),
                Boolean.TRUE.equals(r[6]),
                r[7] == null ? null : time(r[7]).toInstant(),
                r[8] == null ? null : ((Number) r[8]).intValue(),
                ((Number) r[9]).intValue(),
                (String) r[10],
                uuid(r[11]),
                uuid(r[12]),
                time(r[13]).toInstant(),
                r[14] == null ? null : ((Number) r[14]).longValue(),
                (String) r[15]);
    }

    private static Timestamp timestamp(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    static UUID uuid(Object o) {
        return o == null ? null : o instanceof UUID u ? u : UUID.fromString(o.toString());
    }
}
