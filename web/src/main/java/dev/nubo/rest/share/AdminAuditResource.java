package dev.nubo.rest.share;

import dev.nubo.rest.AdminOnly;
import dev.nubo.share.api.ShareAudit;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The whole sharing audit trail, for admins. */
@Path("admin/audit")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "admin")
public class AdminAuditResource {
    @Inject
    ShareAudit audit;

    @GET
    @Operation(summary = "The whole sharing audit trail, newest first")
    public SharesJson.AuditPage all(@QueryParam("cursor") String cursor, @QueryParam("limit") Integer limit) {
        return AuditPages.page(audit.all(AuditPages.cursor(cursor), AuditPages.limit(limit)), limit);
    }
}
