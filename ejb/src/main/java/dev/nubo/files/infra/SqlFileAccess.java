package dev.nubo.files.infra;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.NodeView;
import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.UUID;

/**
 * Ownership and grants, decided in one indexed query. The owner may do anything with a node outside the trash. Anyone
 * else holds the highest live role granted to them, or to one of their effective groups, on the node or on any folder
 * above it: the node's ltree path lists exactly those ids, so a file eight folders deep costs one lookup in
 * {@code grants}, not one per level, and a grant on a subfolder never reaches its parent or siblings. Nothing is
 * cached here (the effective groups are, with immediate invalidation), so a revoked or expired grant is dead on the
 * very next request.
 */
@ApplicationScoped
public class SqlFileAccess implements FileAccess {
    static final int VIEWER = 1;
    static final int EDITOR = 2;
    static final int MANAGER = 3;

    /** The caller's highest live role on the ids of {@code ids} (an ltree), or NULL; ?1 caller, ?3 groups. */
    static final String GRANTED_ON = "(SELECT max(CASE g.role WHEN 'viewer' THEN 1 WHEN 'editor' THEN 2 ELSE 3 END)"
            + " FROM grants g WHERE g.node_id = ANY (CAST(string_to_array(ltree2text(%s), '.') AS bigint[]))"
            + " AND (g.expires_at IS NULL OR g.expires_at > now())"
            + " AND (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?3 AS uuid[]))))";

    /** Whether a live grant on exactly node {@code a} reaches the caller; ?1 caller, ?3 groups. */
    static final String GRANTED_EXACTLY = "EXISTS (SELECT 1 FROM grants g WHERE g.node_id = a.id"
            + " AND (g.expires_at IS NULL OR g.expires_at > now())"
            + " AND (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?3 AS uuid[]))))";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    EffectiveGroups groups;

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
    public UUID ownerOf(long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT owner_id FROM nodes WHERE id = ?1")
                .setParameter(1, nodeId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("file or folder");
        }
        return SqlValues.uuid(rows.get(0));
    }

    /** The caller's effective groups as the {@code ?3} parameter of {@link #GRANTED_ON} and {@link #GRANTED_EXACTLY}. */
    String groupsParameter(UUID caller) {
        return SqlValues.uuidArray(groups.of(caller));
    }

    /**
     * One query: the node (outside the trash), the caller's level on it and, for {@code detaching}, on its parent. An
     * invisible node is 404 like a missing one; a visible node the caller may not change is 403.
     */
    private NodeView decide(UUID caller, long nodeId, Need need, boolean detaching) {
        String parentLevel = detaching
                ? "CASE WHEN n.owner_id = ?1 THEN " + MANAGER + " WHEN n.parent_id IS NULL THEN NULL ELSE "
                        + GRANTED_ON.formatted("subpath(n.path, 0, nlevel(n.path) - 1)") + " END"
                : "NULL";
        // a grant on a root folder is a shared drive's membership (a person's root cannot be shared)
        List<?> rows = em.createNativeQuery("SELECT " + NodeSql.COLUMNS + ", CASE WHEN n.owner_id = ?1 THEN " + MANAGER
                        + " ELSE " + GRANTED_ON.formatted("n.path") + " END, " + parentLevel
                        + " FROM nodes n WHERE n.id = ?2 AND" + NodeSql.NOT_IN_TRASH)
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .setParameter(3, groupsParameter(caller))
                .getResultList();
        if (rows.isEmpty() || ((Object[]) rows.get(0))[NodeSql.WIDTH] == null) {
            // not visible: exactly like a node that does not exist
            throw NuboException.notFound("file or folder");
        }
        Object[] row = (Object[]) rows.get(0);
        NodeView node = NodeSql.view(row);
        int held = ((Number) row[NodeSql.WIDTH]).intValue();
        if (detaching && (row[NodeSql.WIDTH + 1] == null || ((Number) row[NodeSql.WIDTH + 1]).intValue() < EDITOR)) {
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
        return node;
    }
}
