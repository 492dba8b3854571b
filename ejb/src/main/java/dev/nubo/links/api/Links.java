package dev.nubo.links.api;

import dev.nubo.share.api.AuditEntry;
import dev.nubo.share.api.ShareAudit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The owner side of public links. Creating, changing and revoking a link needs {@code FileAccess.Need.SHARE} on its
 * item; a link the caller may not manage answers 404, like one that does not exist. Each change is one transaction
 * together with its audit row.
 */
public interface Links {
    /** 409 {@code not_a_folder} for a drop link on a file; 400 for a past expiry, a limit below 1, a long label. */
    LinkView create(UUID caller, ShareAudit.Actor actor, LinkSpec spec);

    /** The links of that item (when the caller may share it), else every link the caller created or owns. */
    List<LinkView> list(UUID caller, Optional<Long> nodeId);

    /** One link, when the caller may share its item; otherwise 404 like a link that does not exist. */
    LinkView get(UUID caller, long linkId);

    LinkView update(UUID caller, ShareAudit.Actor actor, long linkId, LinkUpdate update);

    /** Revokes the link: its token is dead from this commit on. */
    void delete(UUID caller, ShareAudit.Actor actor, long linkId);

    /** The link's audit trail (creation, changes, accesses, failed passwords, revocation), newest first. */
    List<AuditEntry> audit(UUID caller, long linkId, int limit);
}
