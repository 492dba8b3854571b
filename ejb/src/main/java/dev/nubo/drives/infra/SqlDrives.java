package dev.nubo.drives.infra;

import static dev.nubo.platform.db.SqlValues.time;
import static dev.nubo.platform.db.SqlValues.uuid;

import dev.nubo.drives.api.DriveCreated;
import dev.nubo.drives.api.DriveMember;
import dev.nubo.drives.api.DriveView;
import dev.nubo.drives.api.Drives;
import dev.nubo.drives.api.MyDrive;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import dev.nubo.share.api.Shares;
import dev.nubo.users.api.UserDeleting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Drives as rows of {@code users} (kind 'drive') and their members as grants on the drive's root folder. Every list is
 * one query; who may manage members is decided from the same grants the file access check reads, so a manager
 * demoted or removed loses that right on the next request.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlDrives implements Drives {
    private static final String RANK = "CASE g.role WHEN 'viewer' THEN 1 WHEN 'editor' THEN 2 ELSE 3 END";
    private static final String LIVE = "(g.expires_at IS NULL OR g.expires_at > now())";
    private static final String DRIVE_COLUMNS = "u.id, u.display_name, r.id, u.quota_bytes, u.used_bytes, u.created_at,"
            + " (SELECT count(*) FROM grants g WHERE g.node_id = r.id)";
    private static final String DRIVE_JOIN =
            " FROM users u JOIN nodes r ON r.owner_id = u.id AND r.parent_id IS NULL WHERE u.kind = 'drive'";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    EffectiveGroups groups;

    @Inject
    ShareAudit audit;

    @Inject
    Shares shares;

    @Inject
    Event<DriveCreated> created;

    @Inject
    Event<UserDeleting> deleting;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<DriveView> all() {
        List<?> rows = em.createNativeQuery("SELECT " + DRIVE_COLUMNS + DRIVE_JOIN + " ORDER BY lower(u.display_name)")
                .getResultList();
        return rows.stream().map(r -> driveView((Object[]) r)).toList();
    }

    @Override
    public DriveView create(ShareAudit.Actor actor, String name, Long quotaBytes) {
        String valid = name(name);
        UUID id = UUID.randomUUID();
        try {
            // a user name no person can be given by accident: "drive." and 32 random hex digits
            em.createNativeQuery(
                            "INSERT INTO users (id, username, display_name, password_hash, role, enabled,"
                                    + " quota_bytes, kind) VALUES (?1, ?2, ?3, '!', 'user', false, CAST(?4 AS bigint), 'drive')")
                    .setParameter(1, id)
                    .setParameter(2, "drive." + HexFormat.of().formatHex(uuidBytes(id)))
                    .setParameter(3, valid)
                    .setParameter(4, quota(quotaBytes))
                    .executeUpdate();
            em.flush();
        } catch (PersistenceException e) {
            throw SqlValues.isUniqueViolation(e) ? nameTaken(valid) : e;
        }
        created.fire(new DriveCreated(id));
        DriveView drive = drive(id);
        audit.record(actor, "drive.create", id, drive.rootId(), "drive " + valid, quotaDetail(quotaBytes));
        return drive;
    }

    @Override
    public DriveView update(
            ShareAudit.Actor actor, UUID driveId, Optional<String> name, Optional<Optional<Long>> quota) {
        DriveView before = lockedDrive(driveId);
        String newName = name.map(SqlDrives::name).orElse(before.name());
        Long newQuota = quota.isPresent() ? quota(quota.get().orElse(null)) : before.quotaBytes();
        try {
            em.createNativeQuery(
                            "UPDATE users SET display_name = ?2, quota_bytes = CAST(?3 AS bigint), updated_at = now()"
                                    + " WHERE id = ?1 AND kind = 'drive'")
                    .setParameter(1, driveId)
                    .setParameter(2, newName)
                    .setParameter(3, newQuota)
                    .executeUpdate();
            em.flush();
        } catch (PersistenceException e) {
            throw SqlValues.isUniqueViolation(e) ? nameTaken(newName) : e;
        }
        audit.record(
                actor,
                "drive.update",
                driveId,
                before.rootId(),
                "drive " + before.name(),
                "name " + newName + ", " + quotaDetail(newQuota));
        return drive(driveId);
    }

    @Override
    public void delete(ShareAudit.Actor actor, UUID driveId, boolean force) {
        DriveView drive = lockedDrive(driveId);
        long items = ((Number)
                        em.createNativeQuery("SELECT count(*) FROM nodes WHERE owner_id = ?1 AND parent_id IS NOT NULL")
                                .setParameter(1, driveId)
                                .getSingleResult())
                .longValue();
        if (items > 0 && !force) {
            throw NuboException.conflict(
                    "drive_not_empty",
                    "'" + drive.name() + "' holds " + items + " item(s), its trash included; delete with force=true"
                            + " to delete them too");
        }
        // as for a deleted user: blob references go, rows go by cascade (nodes, grants, links)
        deleting.fire(new UserDeleting(driveId));
        em.createNativeQuery("DELETE FROM users WHERE id = ?1 AND kind = 'drive'")
                .setParameter(1, driveId)
                .executeUpdate();
        audit.record(actor, "drive.delete", null, drive.rootId(), "drive " + drive.name(), items + " item(s)");
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<MyDrive> mine(UUID caller) {
        return memberships(caller, null);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public MyDrive require(UUID caller, UUID driveId, ShareRole needed) {
        List<MyDrive> found = memberships(caller, driveId);
        if (found.isEmpty()) {
            throw NuboException.notFound("drive");
        }
        MyDrive drive = found.get(0);
        if (drive.role().compareTo(needed) < 0) {
            throw new NuboException(
                    ErrorKind.FORBIDDEN,
                    "drive_role",
                    "this needs the role " + needed.wire() + " in '" + drive.name() + "'; you are "
                            + drive.role().wire());
        }
        return drive;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<DriveMember> members(UUID caller, boolean admin, UUID driveId) {
        DriveView drive = manageable(caller, admin, driveId);
        List<?> rows = em.createNativeQuery("SELECT g.grantee_user_id, g.grantee_group_id,"
                        + " coalesce(gu.username, gg.name), coalesce(gu.display_name, gg.display_name), g.role,"
                        + " g.created_at FROM grants g LEFT JOIN users gu ON gu.id = g.grantee_user_id"
                        + " LEFT JOIN groups gg ON gg.id = g.grantee_group_id WHERE g.node_id = ?1"
                        + " ORDER BY g.grantee_group_id IS NOT NULL, lower(coalesce(gu.username, gg.name))")
                .setParameter(1, drive.rootId())
                .getResultList();
        return rows.stream().map(r -> member((Object[]) r)).toList();
    }

    @Override
    public DriveMember setMember(
            ShareAudit.Actor actor, boolean admin, UUID driveId, Grantee.Kind kind, UUID who, ShareRole role) {
        DriveView drive = manageable(actor.actorId(), admin, driveId);
        Grantee grantee = shares.grantee(kind, who);
        String column = kind == Grantee.Kind.USER ? "grantee_user_id" : "grantee_group_id";
        // one statement: a new member, or the role of an existing one (the partial unique index is the arbiter)
        Object[] r = (Object[]) em.createNativeQuery("INSERT INTO grants (node_id, owner_id, " + column
                        + ", role, granted_by) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (node_id, " + column
                        + ") WHERE " + column + " IS NOT NULL DO UPDATE SET role = EXCLUDED.role, expires_at = NULL,"
                        + " updated_at = now() RETURNING role, created_at")
                .setParameter(1, drive.rootId())
                .setParameter(2, driveId)
                .setParameter(3, who)
                .setParameter(4, role.wire())
                .setParameter(5, actor.actorId())
                .getSingleResult();
        audit.record(actor, "drive.member", driveId, drive.rootId(), grantee.describe(), "role " + role.wire());
        return new DriveMember(grantee, ShareRole.parse((String) r[0]), time(r[1]));
    }

    @Override
    public void removeMember(ShareAudit.Actor actor, boolean admin, UUID driveId, Grantee.Kind kind, UUID who) {
        DriveView drive = manageable(actor.actorId(), admin, driveId);
        String column = kind == Grantee.Kind.USER ? "grantee_user_id" : "grantee_group_id";
        int removed = em.createNativeQuery("DELETE FROM grants WHERE node_id = ?1 AND " + column + " = ?2")
                .setParameter(1, drive.rootId())
                .setParameter(2, who)
                .executeUpdate();
        if (removed > 0) {
            String subject = (kind == Grantee.Kind.USER ? "user " : "group ") + who;
            audit.record(actor, "drive.member.remove", driveId, drive.rootId(), subject, null);
        }
    }

    /**
     * The caller's memberships, strongest grant per drive, in one query; {@code only} narrows to one drive. A grant
     * on a drive's root through a group counts like a direct one (effective groups: nested groups too).
     */
    private List<MyDrive> memberships(UUID caller, UUID only) {
        List<?> rows = em.createNativeQuery("SELECT * FROM (SELECT DISTINCT ON (n.id) g.id AS grant_id, "
                        + NodeRows.COLUMNS + ", u.id AS drive_id, u.display_name, u.quota_bytes, u.used_bytes,"
                        + " g.role, g.created_at AS since, gg.id AS via_id, gg.name AS via_name,"
                        + " gg.display_name AS via_display"
                        + " FROM grants g JOIN nodes n ON n.id = g.node_id AND n.parent_id IS NULL"
                        + " JOIN users u ON u.id = n.owner_id AND u.kind = 'drive'"
                        + " LEFT JOIN groups gg ON gg.id = g.grantee_group_id"
                        + " WHERE (g.grantee_user_id = ?1 OR g.grantee_group_id = ANY (CAST(?2 AS uuid[])))"
                        + " AND " + LIVE + " AND (CAST(?3 AS uuid) IS NULL OR u.id = CAST(?3 AS uuid))"
                        + " ORDER BY n.id, " + RANK + " DESC, g.grantee_user_id IS NULL, g.id) m"
                        + " ORDER BY lower(m.display_name)")
                .setParameter(1, caller)
                .setParameter(2, SqlValues.uuidArray(groups.of(caller)))
                .setParameter(3, only)
                .getResultList();
        return rows.stream().map(r -> myDrive((Object[]) r)).toList();
    }

    private static MyDrive myDrive(Object[] r) {
        int c = 1 + NodeRows.WIDTH;
        NodeView root = NodeRows.view(Arrays.copyOfRange(r, 1, c));
        String name = (String) r[c + 1];
        NodeView named = new NodeView(
                root.id(), null, name, true, root.size(), null, root.etag(), root.createdAt(), root.modifiedAt(), null);
        UUID via = uuid(r[c + 6]);
        return new MyDrive(
                uuid(r[c]),
                name,
                named,
                ShareRole.parse((String) r[c + 4]),
                r[c + 2] == null ? null : ((Number) r[c + 2]).longValue(),
                ((Number) r[c + 3]).longValue(),
                ((Number) r[0]).longValue(),
                time(r[c + 5]),
                via == null ? null : new Grantee(Grantee.Kind.GROUP, via, (String) r[c + 7], (String) r[c + 8]));
    }

    /** The drive, when the caller is an admin or one of its managers; otherwise 404 (or 403 for a lesser member). */
    private DriveView manageable(UUID caller, boolean admin, UUID driveId) {
        if (!admin) {
            require(caller, driveId, ShareRole.MANAGER);
        }
        return drive(driveId);
    }

    private DriveView drive(UUID driveId) {
        List<?> rows = em.createNativeQuery("SELECT " + DRIVE_COLUMNS + DRIVE_JOIN + " AND u.id = ?1")
                .setParameter(1, driveId)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("drive");
        }
        return driveView((Object[]) rows.get(0));
    }

    /** The drive with its row locked, as every write to an owner's tree locks it first. */
    private DriveView lockedDrive(UUID driveId) {
        em.createNativeQuery("SELECT id FROM users WHERE id = ?1 AND kind = 'drive' FOR UPDATE")
                .setParameter(1, driveId)
                .getResultList();
        return drive(driveId);
    }

    private static DriveMember member(Object[] r) {
        UUID user = uuid(r[0]);
        Grantee grantee = new Grantee(
                user != null ? Grantee.Kind.USER : Grantee.Kind.GROUP,
                user != null ? user : uuid(r[1]),
                (String) r[2],
                (String) r[3]);
        return new DriveMember(grantee, ShareRole.parse((String) r[4]), time(r[5]));
    }

    private static DriveView driveView(Object[] r) {
        return new DriveView(
                uuid(r[0]),
                (String) r[1],
                ((Number) r[2]).longValue(),
                r[3] == null ? null : ((Number) r[3]).longValue(),
                ((Number) r[4]).longValue(),
                time(r[5]),
                ((Number) r[6]).intValue());
    }

    /** A drive's name is a folder name over WebDAV ("Drives/Marketing"): the rules of a node's name, trimmed. */
    static String name(String raw) {
        if (raw == null || raw.isBlank()) {
            throw NuboException.invalid("a drive needs a name");
        }
        String name = NodeName.of(raw.strip()).value();
        if (name.length() > 255) {
            throw NuboException.invalid("a drive's name has at most 255 characters");
        }
        return name;
    }

    static Long quota(Long bytes) {
        if (bytes != null && bytes < 0) {
            throw NuboException.invalid("quotaBytes must be 0 or more (or null for no limit)");
        }
        return bytes;
    }

    private static String quotaDetail(Long quota) {
        return quota == null ? "no quota" : "quota " + quota + " bytes";
    }

    private static NuboException nameTaken(String name) {
        return NuboException.conflict("name_taken", "a drive named '" + name + "' already exists");
    }

    private static byte[] uuidBytes(UUID id) {
        return java.nio.ByteBuffer.allocate(16)
                .putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits())
                .array();
    }
}
