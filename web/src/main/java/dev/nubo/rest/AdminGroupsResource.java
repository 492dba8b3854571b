package dev.nubo.rest;

import dev.nubo.groups.api.GroupChanges;
import dev.nubo.groups.api.Groups;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.ShareAudit;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
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
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Group administration; admins only. Every change is recorded in the sharing audit trail. */
@Path("admin/groups")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminGroupsResource {
    static final Set<String> PATCHABLE = Set.of("name", "displayName");

    @Inject
    Groups groups;

    @Context
    ContainerRequestContext request;

    @Context
    HttpServletRequest servletRequest;

    @GET
    @Operation(summary = "A page of groups ordered by name; q keeps those whose name starts with it")
    public GroupsJson.GroupPage list(
            @QueryParam("q") @DefaultValue("") String q,
            @QueryParam("offset") @DefaultValue("0") String offsetParam,
            @QueryParam("limit") @DefaultValue("100") String limitParam) {
        int offset = AdminUsersResource.intParam("offset", offsetParam);
        int limit = AdminUsersResource.intParam("limit", limitParam);
        Groups.Page page = groups.list(q, offset, limit);
        return new GroupsJson.GroupPage(
                page.groups().stream().map(GroupsJson.Group::of).toList(), page.total(), offset, limit);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Creates a group: name (1-64 letters, digits, spaces, . _ @ -; unique regardless of case)")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = GroupsJson.Group.class)))
    @APIResponse(responseCode = "409", description = "name_taken")
    public Response create(GroupsJson.NewGroupRequest body, @Context UriInfo uri) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with a name is required");
        }
        GroupsJson.Group created = GroupsJson.Group.of(groups.create(body.name(), body.displayName(), actor()));
        return Response.created(uri.getAbsolutePathBuilder()
                        .path(created.id().toString())
                        .build())
                .entity(created)
                .build();
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A group with its direct members and the number of users it holds through nesting too")
    public GroupsJson.GroupDetail get(@PathParam("id") UUID id) {
        return GroupsJson.GroupDetail.of(groups.get(id));
    }

    /** JSON-P rather than entity binding: unknown fields are refused, not ignored. */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Renames a group or changes its display name (an empty display name follows the name)")
    @APIResponse(responseCode = "409", description = "name_taken")
    public GroupsJson.Group update(@PathParam("id") UUID id, String text) {
        JsonObject body = JsonBodies.optionalObject(text).orElse(JsonValue.EMPTY_JSON_OBJECT);
        if (body.isEmpty()) {
            throw NuboException.invalid("a JSON object with at least one of " + PATCHABLE + " is required");
        }
        for (String key : body.keySet()) {
            if (!PATCHABLE.contains(key)) {
                throw NuboException.invalid("unknown field '" + key + "'; allowed: " + PATCHABLE);
            }
        }
        GroupChanges changes = new GroupChanges(
                AdminUsersResource.optionalString(body, "name"),
                AdminUsersResource.optionalString(body, "displayName"));
        return GroupsJson.Group.of(groups.update(id, changes, actor()));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Deletes a group, its memberships and the shares made to it")
    public void delete(@PathParam("id") UUID id) {
        groups.delete(id, actor());
    }

    @PUT
    @Path("{id}/members/users/{userId}")
    @Operation(summary = "Adds a user to the group (again: no change)")
    @APIResponse(responseCode = "404", description = "No such group or user")
    public void addUser(@PathParam("id") UUID id, @PathParam("userId") UUID userId) {
        groups.addUser(id, userId, actor());
    }

    @DELETE
    @Path("{id}/members/users/{userId}")
    @Operation(summary = "Removes a user from the group (not a member: no change)")
    @APIResponse(responseCode = "404", description = "No such group or user")
    public void removeUser(@PathParam("id") UUID id, @PathParam("userId") UUID userId) {
        groups.removeUser(id, userId, actor());
    }

    @PUT
    @Path("{id}/members/groups/{groupId}")
    @Operation(
            summary = "Nests a group in this one; 409 group_cycle when this group is already inside it (directly or"
                    + " through other groups) or it is this group")
    @APIResponse(responseCode = "404", description = "No such group")
    @APIResponse(responseCode = "409", description = "group_cycle")
    public void addGroup(@PathParam("id") UUID id, @PathParam("groupId") UUID groupId) {
        groups.addGroup(id, groupId, actor());
    }

    @DELETE
    @Path("{id}/members/groups/{groupId}")
    @Operation(summary = "Takes a nested group out of this one (not a member: no change)")
    @APIResponse(responseCode = "404", description = "No such group")
    public void removeGroup(@PathParam("id") UUID id, @PathParam("groupId") UUID groupId) {
        groups.removeGroup(id, groupId, actor());
    }

    private ShareAudit.Actor actor() {
        return new ShareAudit.Actor(
                RequestAuth.caller(request).userId(),
                RequestAuth.client(servletRequest).address());
    }
}
