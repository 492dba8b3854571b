package dev.nubo.rest.files;

import dev.nubo.drives.api.Drives;
import dev.nubo.rest.RequestAuth;
import dev.nubo.share.api.ShareRole;
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

    @Inject
    Drives drives;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(
            summary = "The trash, newest first; pass 'next' back as ?after=. With ?drive= a shared drive's trash"
                    + " (editors and managers of the drive)")
    public FilesJson.TrashPage list(
            @QueryParam("after") Long after,
            @QueryParam("limit") @DefaultValue("200") int limit,
            @QueryParam("drive") String drive) {
        Trash.Page page = trash.list(owner(drive, ShareRole.EDITOR), Optional.ofNullable(after), limit);
        return new FilesJson.TrashPage(
                page.items().stream().map(FilesJson.TrashEntry::of).toList(),
                page.next().map(String::valueOf).orElse(null));
    }

    @POST
    @Path("{id}/restore")
    @Operation(summary = "Restore to the original folder (recreated if gone; renamed if the name is taken)")
    @APIResponse(responseCode = "200", description = "Restored; where it landed")
    @APIResponse(responseCode = "404", description = "Not in the caller's trash")
    public FilesJson.Node restore(@PathParam("id") long id, @QueryParam("drive") String drive) {
        return FilesJson.Node.of(trash.restore(owner(drive, ShareRole.EDITOR), id));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Delete forever")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "404", description = "Not in the caller's trash")
    public Response purge(@PathParam("id") long id, @QueryParam("drive") String drive) {
        trash.purge(owner(drive, ShareRole.EDITOR), id);
        return Response.noContent().build();
    }

    @DELETE
    @Operation(summary = "Empty the trash; a shared drive's (?drive=) only by its managers")
    public Map<String, Integer> empty(@QueryParam("drive") String drive) {
        return Map.of("deleted", trash.empty(owner(drive, ShareRole.MANAGER)));
    }

    /** Whose trash: the caller's, or the drive's when they hold the role needed in it. */
    private UUID owner(String drive, ShareRole needed) {
        return DriveScope.owner(drives, caller(), drive, needed);
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
