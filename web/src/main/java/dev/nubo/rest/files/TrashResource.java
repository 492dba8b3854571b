package dev.nubo.rest.files;

import dev.nubo.rest.RequestAuth;
import dev.nubo.trash.api.Trash;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("trash")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "trash")
public class TrashResource {
    @Inject
    Trash trash;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(summary = "The trash, newest first; pass 'next' back as ?after=")
    public FilesJson.TrashPage list(
            @QueryParam("after") Long after, @QueryParam("limit") @DefaultValue("200") int limit) {
        Trash.Page page = trash.list(caller(), Optional.ofNullable(after), limit);
        return new FilesJson.TrashPage(
                page.items().stream().map(FilesJson.TrashEntry::of).toList(),
                page.next().map(String::valueOf).orElse(null));
    }

    @POST
    @Path("{id}/restore")
    @Operation(summary = "Restore to the original folder (recreated if gone; renamed if the name is taken)")
    @APIResponse(responseCode = "200", description = "Restored; where it landed")
    @APIResponse(responseCode = "404", description = "Not in the caller's trash")
    public FilesJson.Node restore(@PathParam("id") long id) {
        return FilesJson.Node.of(trash.restore(caller(), id));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Delete forever")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "404", description = "Not in the caller's trash")
    public Response purge(@PathParam("id") long id) {
        trash.purge(caller(), id);
        return Response.noContent().build();
    }

    @DELETE
    @Operation(summary = "Empty the trash")
    public Map<String, Integer> empty() {
        return Map.of("deleted", trash.empty(caller()));
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
