package dev.nubo.rest.files;

import dev.nubo.files.api.Favorites;
import dev.nubo.rest.RequestAuth;
import jakarta.inject.Inject;
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

/** The caller's starred items. */
@Path("favorites")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "files")
public class FavoritesResource {
    @Inject
    Favorites favorites;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(summary = "Starred items the caller can still see")
    public List<FilesJson.Node> favorites() {
        return favorites.list(caller()).stream().map(FilesJson.Node::of).toList();
    }

    @PUT
    @Path("{id}")
    @Operation(summary = "Star an item (idempotent)")
    @APIResponse(responseCode = "204", description = "A favorite")
    public Response add(@PathParam("id") long id) {
        favorites.add(caller(), id);
        return Response.noContent().build();
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Unstar an item (idempotent)")
    @APIResponse(responseCode = "204", description = "No longer a favorite")
    public Response remove(@PathParam("id") long id) {
        favorites.remove(caller(), id);
        return Response.noContent().build();
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
