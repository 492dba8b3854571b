package dev.nubo.rest;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.drives.api.Drives;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The drives the caller is a member of, and a drive's members: admins and the drive's managers manage them; anyone
 * else gets 404 for a drive they are not in (403 {@code drive_role} for a viewer or editor).
 */
@Path("drives")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "drives")
public class DrivesResource {
    @Inject
    Drives drives;

    @Context
    ContainerRequestContext request;

    @Context
    HttpServletRequest servletRequest;

    @GET
    @Operation(summary = "The drives I am a member of, with my role, the root folder's id, quota and bytes used")
    public List<DrivesJson.Membership> mine() {
        return drives.mine(caller().userId()).stream()
                .map(DrivesJson.Membership::of)
                .toList();
    }

    @GET
    @Path("{id}/members")
    @Operation(summary = "A drive's members (admins and the drive's managers)")
    @APIResponse(responseCode = "404", description = "No such drive, or not yours to manage")
    public List<DrivesJson.Member> members(@PathParam("id") UUID id) {
        AuthenticatedUser me = caller();
        return drives.members(me.userId(), me.isAdmin(), id).stream()
                .map(DrivesJson.Member::of)
                .toList();
    }

    @PUT
    @Path("{id}/members/{kind}/{memberId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Adds a user (kind users) or group (kind groups) with a role, or changes their role")
    @APIResponse(responseCode = "404", description = "No such drive, user or group")
    public DrivesJson.Member setMember(
            @PathParam("id") UUID id,
            @PathParam("kind") String kind,
            @PathParam("memberId") UUID memberId,
            DrivesJson.MemberRequest body) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with a role (viewer, editor, manager) is required");
        }
        ShareRole role = ShareRole.parse(body.role());
        AuthenticatedUser me = caller();
        return DrivesJson.Member.of(drives.setMember(actor(), me.isAdmin(), id, kind(kind), memberId, role));
    }

    @DELETE
    @Path("{id}/members/{kind}/{memberId}")
    @Operation(summary = "Removes a member (not a member: no change); effective on the next request")
    @APIResponse(responseCode = "204", description = "Removed, or was no member")
    public Response removeMember(
            @PathParam("id") UUID id, @PathParam("kind") String kind, @PathParam("memberId") UUID memberId) {
        drives.removeMember(actor(), caller().isAdmin(), id, kind(kind), memberId);
        return Response.noContent().build();
    }

    private static Grantee.Kind kind(String kind) {
        return switch (kind) {
            case "users" -> Grantee.Kind.USER;
            case "groups" -> Grantee.Kind.GROUP;
            default -> throw NuboException.invalid("a member is under users/ or groups/");
        };
    }

    private AuthenticatedUser caller() {
        return RequestAuth.caller(request);
    }

    private ShareAudit.Actor actor() {
        return new ShareAudit.Actor(
                caller().userId(), RequestAuth.client(servletRequest).address());
    }
}
