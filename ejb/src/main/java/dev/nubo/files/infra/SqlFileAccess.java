package dev.nubo.files.infra;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.cache.Caches;
import dev.nubo.platform.db.SqlValues;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Ownership and grants. The owner may do anything with a node outside the trash. Anyone else holds the highest live
 * role granted to them, or to one of their effective groups, on the node or on any folder above it: the folder's
 * ltree path lists exactly those ids, so a file eight folders deep costs one lookup in {@code grants}, not one per
 * level, and a grant on a subfolder never reaches its parent or siblings. Each check is one statement for the node;
 * the level on its folder is loaded once for a burst of requests inside that folder and checked against the access
 * epoch on every use ({@link FolderDecisions}), so a revoked or expired grant is dead on the very next request.
 */
@ApplicationScoped
public class SqlFileAccess implements FileAccess {
    static final int VIEWER = 1;
    static final int EDITOR = 2;
    static final int MANAGER = 3;

    /** A live grant {@code g} that reaches the caller or one of their groups; ?1 caller, ?3 groups. */
    private static final String LIVE_REACHING = "(g.expires_at IS NULL OR g.expires_at > now())"
            + " AND (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?3 AS uuid[])))";

    /** Whether a live grant on exactly node {@code a} reaches the caller; ?1 caller, ?3 groups. */
    static final String GRANTED_EXACTLY =
            "EXISTS (SELECT 1 FROM grants g WHERE g.node_id = a.id AND " + LIVE_REACHING + ")";

    /** Whether a live grant on node {@code n} or any folder above it reaches the caller; ?1 caller, ?3 groups. */
    static final String GRANTED_ON_PATH = "EXISTS (SELECT 1 FROM grants g WHERE g.node_id = ANY (CAST("
            + "string_to_array(ltree2text(n.path), '.') AS bigint[])) AND " + LIVE_REACHING + ")";

    /** The caller's effective groups (?1 the caller), resolved inside the statement that uses them. */
    private static final String HOLDERS = "WITH RECURSIVE holders(id) AS (SELECT group_id FROM group_members"
            + " WHERE user_id = ?1 UNION SELECT m.group_id FROM group_members m JOIN holders h"
            + " ON m.member_group_id = h.id)";

    /** A grant's role as a level; NULL where there is no grant (the folder load's outer join). */
    private static final String LEVEL =
            "CASE g.role WHEN 'viewer' THEN 1 WHEN 'editor' THEN 2 WHEN 'manager' THEN 3 END";

    private static final String LIVE = "(g.expires_at IS NULL OR g.expires_at > now())";
    private static final String REACHES = "(g.grantee_user_id = ?1 OR g.grantee_group_id IN (SELECT id FROM holders))";

    /**
     * Whether this transaction has itself moved the access epoch on (changed grants or memberships, not yet
     * committed): a decision it loads may roll back with it, so nobody else may use it.
     */
    private static final String PROVISIONAL =
            "coalesce(e.xmin::text = (txid_current_if_assigned() % 4294967296)::text, false)";

    static final String CACHE = "nubo.files.folder-decisions";
    /** A safety net only: entries are checked against the access epoch on every use. */
    static final Duration TIME_TO_LIVE = Duration.ofMinutes(10);

    static final long MAX_ENTRIES = 100_000;

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    EffectiveGroups groups;

    @Inject
    Caches caches;

    private FolderDecisions decisions;

    @PostConstruct
    void init() {
        decisions = new FolderDecisions(caches.cache(
                CACHE, FolderDecisions.Key.class, FolderDecisions.Decision.class, MAX_ENTRIES, TIME_TO_LIVE));
    }

    @Override
    public NodeView require(UUID caller, long nodeId, Need need) {
        return decide(caller, nodeId, need, false);
    }

    @Override
    public NodeView requireFolder(UUID caller, long nodeId, Need need) {
        NodeView node = require(caller, nodeId, need);
        if (!node.folder()) {
            throw NuboException.conflict("not_a_folder", "'" + node.name() + "' is a file, not a folder");
        }
        return node;
    }

    @Override
    public NodeView requireDetachable(UUID caller, long nodeId) {
        // moving, renaming or trashing changes the folder the node sits in: a grantee needs write access there, so
        // the item shared with them stays where its owner put it
        return decide(caller, nodeId, Need.WRITE, true);
    }

    @Override
    public Writable requireWritable(UUID caller, long nodeId) {
        return writable(decided(caller, nodeId, Need.WRITE, false, WRITABLE));
    }

    @Override
    public Writable requireDetachableWritable(UUID caller, long nodeId) {
        return writable(decided(caller, nodeId, Need.WRITE, true, WRITABLE));
    }

    private static Writable writable(Object[] row) {
        Number room = (Number) row[NodeRows.WIDTH + 6];
        return new Writable(
                NodeRows.view(row),
                SqlValues.uuid(row[NodeRows.WIDTH + 5]),
                room == null ? Long.MAX_VALUE : Math.max(0, room.longValue()));
    }

    /** The owner and the room in their quota (NULL = unlimited), after the columns {@link #decide} reads. */
    private static final String WRITABLE =
            ", n.owner_id, (SELECT u.quota_bytes - u.used_bytes FROM users u WHERE u.id = n.owner_id)";

    @Override
    public UUID ownerOf(long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT owner_id FROM nodes WHERE id = ?1")
                .setParameter(1, nodeId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("file or folder");
        }
        return SqlValues.uuid(rows.get(0));
    }

    /** The caller's effective groups as the {@code ?3} parameter of {@link #GRANTED_EXACTLY}. */
    String groupsParameter(UUID caller) {
        return SqlValues.uuidArray(groups.of(caller));
    }

    /** How many folder decisions were loaded from the database since start (the rest were cached or joined). */
    public long folderDecisionLoads() {
        return decisions.loads();
    }

    /**
     * One statement: the node (outside the trash), whether the caller owns it, the caller's role granted on exactly
     * this node, the path of its folder and the access epoch. The caller's level on that folder (which also decides
     * detaching) comes from {@link FolderDecisions}: one load per folder for a burst of requests inside it. An
     * invisible node is 404 like a missing one; a visible node the caller may not change is 403.
     */
    private NodeView decide(UUID caller, long nodeId, Need need, boolean detaching) {
        return NodeRows.view(decided(caller, nodeId, need, detaching, ""));
    }

    /** {@link #decide}'s row, with {@code extra} columns after its own. */
    private Object[] decided(UUID caller, long nodeId, Need need, boolean detaching, String extra) {
        List<?> rows = em.createNativeQuery(HOLDERS + " SELECT " + NodeRows.COLUMNS + ", n.owner_id = ?1,"
                        + " CASE WHEN n.owner_id = ?1 OR NOT EXISTS (SELECT 1 FROM grants g0 WHERE g0.node_id = n.id)"
                        + " THEN 0 ELSE (SELECT coalesce(max(" + LEVEL
                        + "), 0) FROM grants g WHERE g.node_id = n.id AND "
                        + LIVE + " AND " + REACHES + ") END,"
                        + " CASE WHEN n.parent_id IS NULL THEN NULL ELSE ltree2text(subpath(n.path, 0, nlevel(n.path) - 1))"
                        + " END, e.n, now()" + extra
                        + " FROM nodes n CROSS JOIN access_epoch e WHERE n.id = ?2 AND" + NodeRows.NOT_IN_TRASH)
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("file or folder");
        }
        Object[] row = (Object[]) rows.get(0);
        NodeView node = NodeRows.view(row);
        int held;
        int parentLevel;
        if (Boolean.TRUE.equals(row[NodeRows.WIDTH])) {
            held = MANAGER;
            parentLevel = MANAGER;
        } else if (node.parentId() == null) {
            // a root has no folder above it: only a grant on the root itself (a shared drive's membership; a
            // person's root cannot be shared) reaches it, and nobody but its owner may detach it
            held = ((Number) row[NodeRows.WIDTH + 1]).intValue();
            parentLevel = 0;
        } else {
            String folderPath = (String) row[NodeRows.WIDTH + 2];
            FolderDecisions.Decision folder = decisions.get(
                    new FolderDecisions.Key(caller, folderPath),
                    ((Number) row[NodeRows.WIDTH + 3]).longValue(),
                    SqlValues.time(row[NodeRows.WIDTH + 4]).toInstant(),
                    () -> loadFolder(caller, folderPath));
            parentLevel = folder.level();
            held = Math.max(((Number) row[NodeRows.WIDTH + 1]).intValue(), parentLevel);
        }
        if (held == 0) {
            // not visible: exactly like a node that does not exist
            throw NuboException.notFound("file or folder");
        }
        if (detaching && parentLevel < EDITOR) {
            throw new NuboException(
                    ErrorKind.FORBIDDEN,
                    "shared_item_fixed",
                    "'" + node.name() + "' sits in a folder you may not change; only its owner can move or delete it");
        }
        switch (need) {
            case WRITE -> {
                if (held < EDITOR) {
                    throw new NuboException(
                            ErrorKind.FORBIDDEN, "read_only", "'" + node.name() + "' is shared with you read-only");
                }
            }
            case SHARE -> {
                if (held < MANAGER) {
                    throw new NuboException(
                            ErrorKind.FORBIDDEN, "cannot_share", "you may not share '" + node.name() + "' further");
                }
            }
            case READ -> {}
        }
        return row;
    }

    /**
     * The caller's level on a folder: the highest live role granted to them or one of their groups on any id of its
     * path, the earliest expiry among those grants, and the epoch — in one statement, so all three belong to one
     * snapshot. Effective groups are resolved here too (not from their cache) for the same reason.
     */
    private FolderDecisions.Decision loadFolder(UUID caller, String folderPath) {
        Object[] r = (Object[]) em.createNativeQuery(HOLDERS + " SELECT e.n, coalesce(max(" + LEVEL + "), 0),"
                        + " min(g.expires_at), " + PROVISIONAL + " FROM access_epoch e LEFT JOIN grants g"
                        + " ON g.node_id = ANY (CAST(string_to_array(?2, '.') AS bigint[])) AND " + LIVE + " AND "
                        + REACHES + " GROUP BY e.n, 4")
                .setParameter(1, caller)
                .setParameter(2, folderPath)
                .getSingleResult();
        OffsetDateTime expires = SqlValues.time(r[2]);
        return new FolderDecisions.Decision(
                ((Number) r[0]).longValue(),
                ((Number) r[1]).intValue(),
                expires == null ? Instant.MAX : expires.toInstant(),
                Boolean.TRUE.equals(r[3]));
    }
}
