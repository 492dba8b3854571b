package dev.nubo.rest.share;

import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.JsonBodies;
import dev.nubo.rest.RequestAuth;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import dev.nubo.share.api.Shares;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Grants of files and folders to users and groups: the owner's and managers' side, and the recipient's. */
@Path("shares")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "sharing")
public class SharesResource {
    @Inject
    Shares shares;

    @Inject
    ShareAudit audit;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest servletRequest;

    @GET
    @Operation(summary = "The shares of one item (the caller must be allowed to share it)")
    public SharesJson.Shares ofNode(@QueryParam("nodeId") Long nodeId) {
        if (nodeId == null) {
            throw NuboException.invalid("the query parameter nodeId is required");
        }
        return new SharesJson.Shares(shares.ofNode(caller(), nodeId).stream()
                .map(SharesJson.Share::of)
                .toList());
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Share an item with a user or a group as viewer, editor or manager, optionally until a time")
    @APIResponse(
            responseCode = "201",
            description = "Shared",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = SharesJson.Share.class)))
    @APIResponse(responseCode = "409", description = "already_shared, is_owner")
    public Response create(String text) {
        JsonObject body =
                JsonBodies.optionalObject(text).orElseThrow(() -> NuboException.invalid("a JSON body is required"));
        long nodeId = number(body, "nodeId");
        UUID user = id(body, "userId");
        UUID group = id(body, "groupId");
        if ((user == null) == (group == null)) {
            throw NuboException.invalid("give exactly one of userId and groupId");
        }
        Shares.NewGrant grant = new Shares.NewGrant(
                nodeId,
                user != null ? Grantee.Kind.USER : Grantee.Kind.GROUP,
                user != null ? user : group,
                ShareRole.parse(string(body, "role")),
                time(body, "expiresAt"));
        SharesJson.Share created = SharesJson.Share.of(shares.grant(actor(), grant));
        return Response.status(Response.Status.CREATED).entity(created).build();
    }

    /** JSON-P: {@code "expiresAt": null} (clear the expiry) must differ from an absent key (keep it). */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a share's role or expiry ({\"expiresAt\": null} removes the expiry)")
    public SharesJson.Share update(@PathParam("id") long id, String text) {
        JsonObject body =
                JsonBodies.optionalObject(text).orElseThrow(() -> NuboException.invalid("a JSON body is required"));
        ShareRole role = body.containsKey("role") ? ShareRole.parse(string(body, "role")) : null;
        Shares.GrantChanges changes =
                new Shares.GrantChanges(role, body.containsKey("expiresAt"), time(body, "expiresAt"));
        return SharesJson.Share.of(shares.update(actor(), id, changes));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Revoke a share; it stops working on the very next request on every surface")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response revoke(@PathParam("id") long id) {
        shares.revoke(actor(), id);
        return Response.noContent().build();
    }

    @GET
    @Path("outgoing")
    @Operation(summary = "Shared by me: shares of the caller's items and shares the caller made")
    public SharesJson.Shares outgoing() {
        return new SharesJson.Shares(
                shares.outgoing(caller()).stream().map(SharesJson.Share::of).toList());
    }

    @GET
    @Path("incoming")
    @Operation(summary = "Shared with me: one row per item, newest first; ?hidden=true includes the ones left")
    public SharesJson.IncomingList incoming(@QueryParam("hidden") boolean includeHidden) {
        return new SharesJson.IncomingList(shares.incoming(caller(), includeHidden).stream()
                .map(SharesJson.Incoming::of)
                .toList());
    }

    @PUT
    @Path("{id}/hidden")
    @Operation(summary = "Leave an item shared with the caller: it disappears from their lists (the grant stays)")
    @APIResponse(responseCode = "204", description = "Hidden")
    public Response hide(@PathParam("id") long id) {
        shares.hide(actor(), id, true);
        return Response.noContent().build();
    }

    @DELETE
    @Path("{id}/hidden")
    @Operation(summary = "Bring back an item the caller left")
    @APIResponse(responseCode = "204", description = "Shown again")
    public Response unhide(@PathParam("id") long id) {
        shares.hide(actor(), id, false);
        return Response.noContent().build();
    }

    @GET
    @Path("audit")
    @Operation(summary = "The audit trail of the caller's items: grants, links, accesses, revocations; newest first")
    public SharesJson.AuditPage ownAudit(@QueryParam("cursor") String cursor, @QueryParam("limit") Integer limit) {
        return AuditPages.page(audit.forOwner(caller(), AuditPages.cursor(cursor), AuditPages.limit(limit)), limit);
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }

    private ShareAudit.Actor actor() {
        return new ShareAudit.Actor(caller(), servletRequest.getRemoteAddr());
    }

    private static long number(JsonObject body, String key) {
        if (!(body.get(key) instanceof JsonNumber n) || !n.isIntegral()) {
            throw NuboException.invalid(key + " must be a whole number");
        }
        return n.longValue();
    }

    private static String string(JsonObject body, String key) {
        JsonValue v = body.get(key);
        if (v == null || v == JsonValue.NULL) {
            return null;
        }
        if (!(v instanceof JsonString s)) {
            throw NuboException.invalid(key + " must be a string");
        }
        return s.getString();
    }

    private static UUID id(JsonObject body, String key) {
        String s = string(body, key);
        try {
            return s == null ? null : UUID.fromString(s);
        } catch (IllegalArgumentException e) {
            throw NuboException.invalid(key + " must be an id");
        }
    }

    private static OffsetDateTime time(JsonObject body, String key) {
        String s = string(body, key);
        try {
            return s == null ? null : OffsetDateTime.parse(s);
        } catch (DateTimeParseException e) {
            throw NuboException.invalid(key + " must be a time with an offset, like 2027-01-31T18:00:00Z");
        }
    }
}
