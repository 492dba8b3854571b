package dev.nubo.share.api;

import java.time.Instant;
import java.util.UUID;

/**
 * One line of the sharing audit trail: what happened ({@code action}, e.g. {@code grant.create},
 * {@code link.access}), who did it ({@code actorId}, null for an anonymous link visitor or a deleted account),
 * whose item it concerned ({@code ownerId}, null for group administration), the item, the subject in words fixed
 * at the time ("user alice", "group team", "link 3f9a…"), free detail and the client's address.
 */
public record AuditEntry(
        long id,
        Instant at,
        String action,
        UUID actorId,
        UUID ownerId,
        Long nodeId,
        String subject,
        String detail,
        String address) {}
