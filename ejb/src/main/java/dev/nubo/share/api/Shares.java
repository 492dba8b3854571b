package dev.nubo.share.api;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Grants of files and folders to users and groups. Creating, changing and revoking a grant needs the right to share
 * the item (its owner, or a manager of it); a grant the caller may not manage answers not-found. Every change is
 * recorded in the audit trail in the same transaction.
 */
public interface Shares {
    /** A new grant; {@code expiresAt} null for none (a past instant is 400). */
    record NewGrant(long nodeId, Grantee.Kind kind, UUID granteeId, ShareRole role, OffsetDateTime expiresAt) {}

    /** Changes to a grant: a null role keeps it; {@code changeExpiry} with a null {@code expiresAt} clears it. */
    record GrantChanges(ShareRole role, boolean changeExpiry, OffsetDateTime expiresAt) {}

    GrantView grant(ShareAudit.Actor actor, NewGrant grant);

    /** The user (by user name) or group (by name, case-insensitively) that protocols name by name; 404 if none. */
    Grantee granteeNamed(Grantee.Kind kind, String name);

    /** A person (never a shared drive's account) or a group by id; 404 if none. */
    Grantee grantee(Grantee.Kind kind, UUID id);

    GrantView update(ShareAudit.Actor actor, long grantId, GrantChanges changes);

    void revoke(ShareAudit.Actor actor, long grantId);

    /** The grants on exactly this item, for its sharing dialog (the caller must be allowed to share it). */
    List<GrantView> ofNode(UUID caller, long nodeId);

    /** "Shared by me": grants on the caller's items and grants the caller made, newest first. */
    List<GrantView> outgoing(UUID caller);

    /** One grant of "shared by me", by id, in one query; empty when the caller neither owns nor made it. */
    java.util.Optional<GrantView> outgoing(UUID caller, long grantId);

    /**
     * One row of "shared with me" (hidden or not) by its grant id, in one query; empty when that grant is not the one
     * the caller's row for its item shows.
     */
    java.util.Optional<IncomingShare> incoming(UUID caller, long grantId);

    /** "Shared with me": one row per item, newest first; hidden ones only when asked. */
    List<IncomingShare> incoming(UUID caller, boolean includeHidden);

    /**
     * Which kinds of live grants the caller made on each of these items (as their owner, or as a manager sharing
     * further): what Nextcloud clients show as a listing's share-types. One query for a page of ids; items without
     * such grants are absent.
     */
    java.util.Map<Long, java.util.Set<Grantee.Kind>> sharedBy(UUID caller, java.util.Collection<Long> nodeIds);

    /** A recipient leaves (hides) or brings back an item shared with them; the grant and others' access stay. */
    void hide(ShareAudit.Actor actor, long grantId, boolean hidden);
}
