package dev.nubo.rest;

import dev.nubo.groups.api.Groups;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * A user's groups, for admins. A class of its own: JAX-RS picks the root resource with the longest literal path, so
 * this one answers {@code admin/users/{id}/groups} without touching {@link AdminUsersResource}.
 */
@Path("admin/users/{id}/groups")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminUserGroupsResource {
    @Inject
    Groups groups;

    @GET
    @Operation(summary = "The groups that hold the user directly, and all that hold them through nesting too")
    public GroupsJson.UserGroupList get(@PathParam("id") UUID id) {
        return GroupsJson.UserGroupList.of(groups.groupsOf(id));
    }
}
