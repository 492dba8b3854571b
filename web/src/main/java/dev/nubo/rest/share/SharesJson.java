package dev.nubo.rest.share;

import dev.nubo.rest.files.FilesJson;
import dev.nubo.share.api.AuditEntry;
import dev.nubo.share.api.GrantView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** The JSON of the sharing endpoints. */
public final class SharesJson {
    private SharesJson() {}

    /** A user or a group: {@code type} is "user" or "group". */
    public record Party(String type, UUID id, String name, String displayName) {
        static Party of(Grantee g) {
            return g == null
                    ? null
                    : new Party(g.kind().name().toLowerCase(Locale.ROOT), g.id(), g.name(), g.displayName());
        }
    }

    public record Share(
            long id,
            long nodeId,
            String nodeName,
            boolean folder,
            UUID ownerId,
            Party grantee,
            String role,
            UUID grantedBy,
            OffsetDateTime createdAt,
            OffsetDateTime expiresAt) {
        static Share of(GrantView g) {
            return new Share(
                    g.id(),
                    g.nodeId(),
                    g.nodeName(),
                    g.folder(),
                    g.ownerId(),
                    Party.of(g.grantee()),
                    g.role().wire(),
                    g.grantedBy(),
                    g.createdAt(),
                    g.expiresAt());
        }
    }

    /** An item shared with the caller; {@code via} is the group it came through, null when shared directly. */
    public record Incoming(
            long shareId,
            FilesJson.Node node,
            Party owner,
            String role,
            OffsetDateTime since,
            OffsetDateTime expiresAt,
            Party via,
            boolean hidden) {
        static Incoming of(IncomingShare s) {
            return new Incoming(
                    s.grantId(),
                    FilesJson.Node.of(s.node()),
                    Party.of(s.owner()),
                    s.role().wire(),
                    s.since(),
                    s.expiresAt(),
                    Party.of(s.via()),
                    s.hidden());
        }
    }

    public record Shares(List<Share> shares) {}

    public record IncomingList(List<Incoming> items) {}

    /** POST body: one of userId or groupId, a role, an optional expiry (ISO-8601 with offset). */
    public record NewShare(UUID userId, UUID groupId, String role, String expiresAt) {}

    public record AuditLine(
            long id,
            Instant at,
            String action,
            UUID actorId,
            UUID ownerId,
            Long nodeId,
            String subject,
            String detail,
            String address) {
        static AuditLine of(AuditEntry e) {
            return new AuditLine(
                    e.id(),
                    e.at(),
                    e.action(),
                    e.actorId(),
                    e.ownerId(),
                    e.nodeId(),
                    e.subject(),
                    e.detail(),
                    e.address());
        }
    }

    /** A page of the audit trail; {@code next} is the cursor of the following page, null at the end. */
    public record AuditPage(List<AuditLine> entries, String next) {}
}
