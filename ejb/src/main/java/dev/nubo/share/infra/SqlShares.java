package dev.nubo.share.infra;

import static dev.nubo.platform.db.SqlValues.time;
import static dev.nubo.platform.db.SqlValues.uuid;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import dev.nubo.share.api.GrantView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import dev.nubo.share.api.Shares;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Grants in table {@code grants}. Lists are one query each, with the names of owners, grantees and groups joined in;
 * the item's access check is {@link FileAccess}, so the rule for who may share lives in one place.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlShares implements Shares {
    /** The columns {@link #grantView} maps, over grants g, nodes n, users gu (grantee user), groups gg. */
    private static final String GRANT_COLUMNS = "g.id, g.node_id, n.name, n.kind, g.owner_id, g.grantee_user_id,"
            + " coalesce(gu.username, gg.name), coalesce(gu.display_name, gg.display_name), g.role, g.granted_by,"
            + " g.created_at, g.expires_at, g.grantee_group_id, n.parent_id";

    private static final String GRANT_JOINS = " FROM grants g JOIN nodes n ON n.id = g.node_id"
            + " LEFT JOIN users gu ON gu.id = g.grantee_user_id LEFT JOIN groups gg ON gg.id = g.grantee_group_id";
    private static final String LIVE = "(g.expires_at IS NULL OR g.expires_at > now())";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    FileAccess access;

    @Inject
    EffectiveGroups groups;

    @Inject
    ShareAudit audit;

    @Override
    public GrantView grant(ShareAudit.Actor actor, NewGrant g) {
        NodeView node = access.require(actor.actorId(), g.nodeId(), Need.SHARE);
        if (node.parentId() == null) {
            throw NuboException.invalid("the root folder cannot be shared; share the folders in it");
        }
        requireFuture(g.expiresAt());
        UUID owner = access.ownerOf(node.id());
        Grantee grantee = grantee(g.kind(), g.granteeId());
        if (grantee.kind() == Grantee.Kind.USER && grantee.id().equals(actor.actorId())) {
            throw NuboException.invalid("you cannot share an item with yourself");
        }
        if (grantee.kind() == Grantee.Kind.USER && grantee.id().equals(owner)) {
            throw NuboException.conflict("is_owner", grantee.name() + " owns '" + node.name() + "'");
        }
        String column = grantee.kind() == Grantee.Kind.USER ? "grantee_user_id" : "grantee_group_id";
        List<?> ids = em.createNativeQuery("INSERT INTO grants (node_id, owner_id, " + column
                        + ", role, granted_by, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, CAST(?6 AS timestamptz))"
                        + " ON CONFLICT DO NOTHING"
                        + " RETURNING id")
                .setParameter(1, node.id())
                .setParameter(2, owner)
                .setParameter(3, grantee.id())
                .setParameter(4, g.role().wire())
                .setParameter(5, actor.actorId())
                .setParameter(6, timestamp(g.expiresAt()))
                .getResultList();
        if (ids.isEmpty()) {
            throw NuboException.conflict(
                    "already_shared", "'" + node.name() + "' is already shared with " + grantee.describe());
        }
        long id = ((Number) ids.get(0)).longValue();
        audit.record(actor, "grant.create", owner, node.id(), grantee.describe(), describe(g.role(), g.expiresAt()));
        return one(id);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Grantee granteeNamed(Grantee.Kind kind, String name) {
        String sql = kind == Grantee.Kind.USER
                ? "SELECT id, username, display_name FROM users WHERE username = ?1 AND kind = 'person'"
                : "SELECT id, name, display_name FROM groups WHERE lower(name) = lower(?1)";
        List<?> rows = em.createNativeQuery(sql).setParameter(1, name).getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound(kind == Grantee.Kind.USER ? "user" : "group");
        }
        Object[] r = (Object[]) rows.get(0);
        return new Grantee(kind, uuid(r[0]), (String) r[1], (String) r[2]);
    }

    @Override
    public GrantView update(ShareAudit.Actor actor, long grantId, GrantChanges changes) {
        GrantView before = manageable(actor.actorId(), grantId);
        if (changes.changeExpiry()) {
            requireFuture(changes.expiresAt());
        }
        ShareRole role = changes.role() != null ? changes.role() : before.role();
        OffsetDateTime expires = changes.changeExpiry() ? changes.expiresAt() : before.expiresAt();
        em.createNativeQuery("UPDATE grants SET role = ?2, expires_at = CAST(?3 AS timestamptz), updated_at = now()"
                        + " WHERE id = ?1")
                .setParameter(1, grantId)
                .setParameter(2, role.wire())
                .setParameter(3, timestamp(expires))
                .executeUpdate();
        audit.record(
                actor,
                "grant.update",
                before.ownerId(),
                before.nodeId(),
                before.grantee().describe(),
                describe(role, expires));
        return one(grantId);
    }

    @Override
    public void revoke(ShareAudit.Actor actor, long grantId) {
        GrantView grant = manageable(actor.actorId(), grantId);
        em.createNativeQuery("DELETE FROM grants WHERE id = ?1")
                .setParameter(1, grantId)
                .executeUpdate();
        audit.record(
                actor,
                "grant.revoke",
                grant.ownerId(),
                grant.nodeId(),
                grant.grantee().describe(),
                "role " + grant.role().wire());
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<GrantView> ofNode(UUID caller, long nodeId) {
        access.require(caller, nodeId, Need.SHARE);
        return grants("g.node_id = ?1 ORDER BY g.created_at, g.id", nodeId);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<GrantView> outgoing(UUID caller) {
        return grants(
                "(g.owner_id = ?1 OR g.granted_by = ?1) AND n.parent_id IS NOT NULL AND" + NodeRows.NOT_IN_TRASH
                        + " ORDER BY g.created_at DESC, g.id DESC",
                caller);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<GrantView> outgoing(UUID caller, long grantId) {
        return grants(
                        "g.id = ?2 AND (g.owner_id = ?1 OR g.granted_by = ?1) AND n.parent_id IS NOT NULL AND"
                                + NodeRows.NOT_IN_TRASH,
                        caller,
                        grantId)
                .stream()
                .findFirst();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<IncomingShare> incoming(UUID caller, boolean includeHidden) {
        return incomingRows(caller, "", null).stream()
                .filter(s -> includeHidden || !s.hidden())
                .sorted(Comparator.comparing(IncomingShare::since).reversed())
                .toList();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<IncomingShare> incoming(UUID caller, long grantId) {
        // the item of that grant, in the same statement: the grant is the answer when it is the strongest reaching it
        return incomingRows(caller, " AND n.id = (SELECT x.node_id FROM grants x WHERE x.id = ?3)", grantId).stream()
                .filter(s -> s.grantId() == grantId)
                .findFirst();
    }

    /** Every live grant reaching the caller, the strongest per item; {@code narrower} may use ?3. */
    private List<IncomingShare> incomingRows(UUID caller, String narrower, Object third) {
        jakarta.persistence.Query q = em.createNativeQuery("SELECT DISTINCT ON (n.id) g.id, " + NodeRows.COLUMNS
                + ", o.id, o.username, o.display_name, g.role, g.created_at, g.expires_at, gg.id, gg.name,"
                + " gg.display_name, EXISTS (SELECT 1 FROM grants_hidden h WHERE h.grant_id = g.id"
                + " AND h.user_id = ?1) AS hidden"
                + " FROM grants g JOIN nodes n ON n.id = g.node_id JOIN users o ON o.id = n.owner_id"
                + " LEFT JOIN groups gg ON gg.id = g.grantee_group_id"
                + " WHERE (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?2 AS uuid[])))"
                // a grant on a root is a shared drive's membership, not a share
                + " AND " + LIVE + " AND n.owner_id <> ?1 AND n.parent_id IS NOT NULL AND" + NodeRows.NOT_IN_TRASH
                + narrower
                + " ORDER BY n.id, CASE g.role WHEN 'manager' THEN 3 WHEN 'editor' THEN 2 ELSE 1 END DESC,"
                + " g.grantee_user_id IS NULL, g.id");
        q.setParameter(1, caller).setParameter(2, SqlValues.uuidArray(groups.of(caller)));
        if (third != null) {
            q.setParameter(3, third);
        }
        return q.getResultList().stream().map(r -> incomingShare((Object[]) r)).toList();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<Long, Set<Grantee.Kind>> sharedBy(UUID caller, Collection<Long> nodeIds) {
        if (nodeIds.isEmpty()) {
            return Map.of();
        }
        List<?> rows = em.createNativeQuery("SELECT DISTINCT g.node_id, g.grantee_group_id IS NOT NULL FROM grants g"
                        + " WHERE g.node_id = ANY (CAST(?2 AS bigint[])) AND (g.owner_id = ?1 OR g.granted_by = ?1)"
                        + " AND " + LIVE)
                .setParameter(1, caller)
                .setParameter(
                        2,
                        "{"
                                + String.join(
                                        ",",
                                        nodeIds.stream().map(String::valueOf).toList()) + "}")
                .getResultList();
        Map<Long, Set<Grantee.Kind>> kinds = new HashMap<>();
        for (Object r : rows) {
            Object[] row = (Object[]) r;
            kinds.computeIfAbsent(((Number) row[0]).longValue(), k -> EnumSet.noneOf(Grantee.Kind.class))
                    .add(Boolean.TRUE.equals(row[1]) ? Grantee.Kind.GROUP : Grantee.Kind.USER);
        }
        return kinds;
    }

    @Override
    public void hide(ShareAudit.Actor actor, long grantId, boolean hidden) {
        UUID caller = actor.actorId();
        String groupIds = SqlValues.uuidArray(groups.of(caller));
        // the grant, if it is one of the caller's incoming shares (live, reaching them, on an item they do not own)
        List<?> found = em.createNativeQuery(
                        "SELECT g.node_id, g.owner_id FROM grants g JOIN nodes n ON n.id = g.node_id"
                                + " WHERE g.id = ?2 AND (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?3 AS uuid[])))"
                                + " AND " + LIVE + " AND n.owner_id <> ?1 AND" + NodeRows.NOT_IN_TRASH)
                .setParameter(1, caller)
                .setParameter(2, grantId)
                .setParameter(3, groupIds)
                .getResultList();
        if (found.isEmpty()) {
            throw NuboException.notFound("share");
        }
        long nodeId = ((Number) ((Object[]) found.get(0))[0]).longValue();
        UUID owner = uuid(((Object[]) found.get(0))[1]);
        // every grant that brings this item to the caller: hiding one must not let another show it again
        String reaching = "SELECT g.id FROM grants g WHERE g.node_id = ?2 AND (g.grantee_user_id = ?1"
                + " OR g.grantee_group_id = ANY (CAST(?3 AS uuid[])))";
        em.createNativeQuery(
                        hidden
                                ? "INSERT INTO grants_hidden (grant_id, user_id) SELECT id, ?1 FROM (" + reaching
                                        + ") r ON CONFLICT DO NOTHING"
                                : "DELETE FROM grants_hidden WHERE user_id = ?1 AND grant_id IN (" + reaching + ")")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .setParameter(3, groupIds)
                .executeUpdate();
        audit.record(actor, hidden ? "grant.hide" : "grant.unhide", owner, nodeId, "user " + caller, null);
    }

    /** The grant, if the caller may change it (they may share its item); otherwise 404, whatever the reason. */
    private GrantView manageable(UUID caller, long grantId) {
        List<GrantView> found = grants("g.id = ?1 FOR UPDATE OF g", grantId);
        if (found.isEmpty()) {
            throw NuboException.notFound("share");
        }
        try {
            access.require(caller, found.get(0).nodeId(), Need.SHARE);
        } catch (NuboException e) {
            throw NuboException.notFound("share");
        }
        return found.get(0);
    }

    private GrantView one(long id) {
        return grants("g.id = ?1", id).get(0);
    }

    private List<GrantView> grants(String where, Object... parameters) {
        jakarta.persistence.Query q = em.createNativeQuery("SELECT " + GRANT_COLUMNS + GRANT_JOINS + " WHERE " + where);
        for (int i = 0; i < parameters.length; i++) {
            q.setParameter(i + 1, parameters[i]);
        }
        List<?> rows = q.getResultList();
        return rows.stream().map(r -> grantView((Object[]) r)).toList();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Grantee grantee(Grantee.Kind kind, UUID id) {
        String sql = kind == Grantee.Kind.USER
                ? "SELECT username, display_name FROM users WHERE id = ?1 AND kind = 'person'"
                : "SELECT name, display_name FROM groups WHERE id = ?1";
        List<?> rows = em.createNativeQuery(sql).setParameter(1, id).getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound(kind == Grantee.Kind.USER ? "user" : "group");
        }
        Object[] r = (Object[]) rows.get(0);
        return new Grantee(kind, id, (String) r[0], (String) r[1]);
    }

    private static GrantView grantView(Object[] r) {
        UUID userId = uuid(r[5]);
        Grantee.Kind kind = userId != null ? Grantee.Kind.USER : Grantee.Kind.GROUP;
        return new GrantView(
                ((Number) r[0]).longValue(),
                ((Number) r[1]).longValue(),
                r[13] == null ? null : ((Number) r[13]).longValue(),
                (String) r[2],
                "d".equals(String.valueOf(r[3])),
                uuid(r[4]),
                new Grantee(kind, userId != null ? userId : uuid(r[12]), (String) r[6], (String) r[7]),
                ShareRole.parse((String) r[8]),
                uuid(r[9]),
                time(r[10]),
                time(r[11]));
    }

    private static IncomingShare incomingShare(Object[] r) {
        int c = 11; // after g.id and the node's ten columns
        NodeView node = NodeRows.view(Arrays.copyOfRange(r, 1, c));
        Grantee owner = new Grantee(Grantee.Kind.USER, uuid(r[c]), (String) r[c + 1], (String) r[c + 2]);
        UUID groupId = uuid(r[c + 6]);
        Grantee via =
                groupId == null ? null : new Grantee(Grantee.Kind.GROUP, groupId, (String) r[c + 7], (String) r[c + 8]);
        return new IncomingShare(
                ((Number) r[0]).longValue(),
                node,
                owner,
                ShareRole.parse((String) r[c + 3]),
                time(r[c + 4]),
                time(r[c + 5]),
                via,
                Boolean.TRUE.equals(r[c + 9]));
    }

    private static void requireFuture(OffsetDateTime expiresAt) {
        if (expiresAt != null && !expiresAt.isAfter(OffsetDateTime.now())) {
            throw NuboException.invalid("expiresAt must lie in the future");
        }
    }

    private static Timestamp timestamp(OffsetDateTime t) {
        return t == null ? null : Timestamp.from(t.toInstant());
    }

    private static String describe(ShareRole role, OffsetDateTime expires) {
        return "role " + role.wire() + (expires == null ? "" : ", expires " + expires.toInstant());
    }
}
