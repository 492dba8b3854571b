package dev.nubo.share.api;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The audit trail of sharing: every grant, link creation, link access and revocation, and membership change. */
public interface ShareAudit {
    /** Who acted and from where; {@code actorId} null for an anonymous visitor. */
    record Actor(UUID actorId, String address) {}

    /**
     * Records one event in the caller's transaction (so an event is recorded exactly when the change commits).
     * {@code subject} and {@code detail} are cut to their column sizes.
     */
    void record(Actor actor, String action, UUID ownerId, Long nodeId, String subject, String detail);

    /** Where a page of entries ends; the next page starts after it. */
    record Cursor(Instant at, long id) {}

    /** The owner's entries, newest first, {@code limit} at most, after the cursor when given. */
    List<AuditEntry> forOwner(UUID ownerId, Optional<Cursor> after, int limit);

    /** Every entry, newest first (admins). */
    List<AuditEntry> all(Optional<Cursor> after, int limit);
}
