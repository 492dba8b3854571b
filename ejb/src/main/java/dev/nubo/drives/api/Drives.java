package dev.nubo.drives.api;

import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Shared drives. Administration (create, rename, quota, delete) is for server admins, checked by the caller of
 * these methods; member management for admins ({@code admin} true) and the drive's managers. A drive the caller is
 * not a member of (and, for administration, not an admin) answers 404 like a missing one.
 */
public interface Drives {
    /** Every drive, ordered by name (admins). */
    List<DriveView> all();

    /** A new drive: name 1-255 characters valid as a folder name, unique among drives regardless of case. */
    DriveView create(ShareAudit.Actor actor, String name, Long quotaBytes);

    /** Renames and/or sets the quota; {@code quota} present with an empty value removes the limit. */
    DriveView update(ShareAudit.Actor actor, UUID driveId, Optional<String> name, Optional<Optional<Long>> quota);

    /**
     * Deletes the drive with its members, links and files; a drive holding any item (its trash included) is kept
     * (409 {@code drive_not_empty}) unless {@code force}.
     */
    void delete(ShareAudit.Actor actor, UUID driveId, boolean force);

    /** The drives the caller is a member of, ordered by name. */
    List<MyDrive> mine(UUID caller);

    /** The drive as its member sees it: 404 when not a member, 403 ({@code drive_role}) below {@code needed}. */
    MyDrive require(UUID caller, UUID driveId, ShareRole needed);

    List<DriveMember> members(UUID caller, boolean admin, UUID driveId);

    /** Adds a member or changes their role. */
    DriveMember setMember(
            ShareAudit.Actor actor, boolean admin, UUID driveId, Grantee.Kind kind, UUID who, ShareRole role);

    /** Removes a member (not a member: no change); takes effect on the very next request. */
    void removeMember(ShareAudit.Actor actor, boolean admin, UUID driveId, Grantee.Kind kind, UUID who);
}
