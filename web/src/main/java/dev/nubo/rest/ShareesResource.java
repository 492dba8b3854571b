package dev.nubo.rest;

import dev.nubo.groups.api.Sharees;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Whom the caller can share with: the share dialog's type-ahead. Any signed-in user. */
@Path("sharees")
@Produces(MediaType.APPLICATION_JSON)
public class ShareesResource {
    @Inject
    Sharees sharees;

    @Context
    ContainerRequestContext request;

    @GET
    @Operation(
            summary = "Enabled users (never the caller) and groups whose name or display name contains q"
                    + " (case-insensitive; 1-100 characters), names starting with q first; limit 1-50 of each")
    public GroupsJson.ShareeMatches search(
            @QueryParam("q") @DefaultValue("") String q, @QueryParam("limit") @DefaultValue("20") String limit) {
        int max = AdminUsersResource.intParam("limit", limit);
        return GroupsJson.ShareeMatches.of(
                sharees.search(RequestAuth.caller(request).userId(), q, max));
    }
}
