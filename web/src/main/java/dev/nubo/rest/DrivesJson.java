package dev.nubo.rest;

import dev.nubo.drives.api.DriveMember;
import dev.nubo.drives.api.DriveView;
import dev.nubo.drives.api.MyDrive;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of /api/drives and /api/admin/drives. */
public final class DrivesJson {
    private DrivesJson() {}

    public record NewDriveRequest(String name, BigDecimal quotaBytes) {}

    public record MemberRequest(String role) {}

    @Schema(
            description = "A shared drive as admins see it; quotaBytes null means no limit",
            requiredProperties = {"id", "name", "rootId", "usedBytes", "createdAt", "members"})
    public record Drive(
            UUID id, String name, long rootId, Long quotaBytes, long usedBytes, OffsetDateTime createdAt, int members) {
        static Drive of(DriveView d) {
            return new Drive(d.id(), d.name(), d.rootId(), d.quotaBytes(), d.usedBytes(), d.createdAt(), d.members());
        }
    }

    @Schema(
            description = "A drive the caller is a member of, with their role (viewer, editor, manager); browse it"
                    + " through /api/files/{rootId}",
            requiredProperties = {"id", "name", "rootId", "role", "usedBytes"})
    public record Membership(
            UUID id, String name, long rootId, String role, Long quotaBytes, long usedBytes, String viaGroup) {
        static Membership of(MyDrive d) {
            return new Membership(
                    d.id(),
                    d.name(),
                    d.root().id(),
                    d.role().wire(),
                    d.quotaBytes(),
                    d.usedBytes(),
                    d.via() == null ? null : d.via().name());
        }
    }

    @Schema(
            description = "A member of a drive: kind user or group",
            requiredProperties = {"kind", "id", "name", "role"})
    public record Member(String kind, UUID id, String name, String displayName, String role, OffsetDateTime since) {
        static Member of(DriveMember m) {
            return new Member(
                    m.grantee().kind().name().toLowerCase(java.util.Locale.ROOT),
                    m.grantee().id(),
                    m.grantee().name(),
                    m.grantee().displayName(),
                    m.role().wire(),
                    m.since());
        }
    }
}
