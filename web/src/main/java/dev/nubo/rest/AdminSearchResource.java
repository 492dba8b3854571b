package dev.nubo.rest;

import dev.nubo.search.api.Search;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The search index; admins only. */
@Path("admin/search")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminSearchResource {
    @Inject
    Search search;

    @GET
    @Operation(summary = "Documents in the search index, changes waiting to be indexed, whether a rebuild runs")
    public Json.SearchStatus status() {
        return Json.SearchStatus.of(search.status());
    }

    @POST
    @Path("rebuild")
    @Operation(summary = "Rebuilds the search index from the database in the background; search keeps answering")
    @APIResponse(
            responseCode = "202",
            description = "Started",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = Json.SearchStatus.class)))
    public Response rebuild() {
        search.rebuild();
        return Response.accepted(Json.SearchStatus.of(search.status())).build();
    }
}
