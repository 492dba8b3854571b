package dev.nubo.rest;

import dev.nubo.drives.api.Drives;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.ShareAudit;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Shared drive administration; admins only (members: {@link DrivesResource}). Recorded in the audit trail. */
@Path("admin/drives")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "drives")
public class AdminDrivesResource {
    static final Set<String> PATCHABLE = Set.of("name", "quotaBytes");

    @Inject
    Drives drives;

    @Context
    ContainerRequestContext request;

    @Context
    HttpServletRequest servletRequest;

    @GET
    @Operation(summary = "Every shared drive, ordered by name")
    public List<DrivesJson.Drive> list() {
        return drives.all().stream().map(DrivesJson.Drive::of).toList();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Creates a drive: name (a valid folder name, unique among drives), quotaBytes (null: none)")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = DrivesJson.Drive.class)))
    @APIResponse(responseCode = "409", description = "name_taken")
    public Response create(DrivesJson.NewDriveRequest body, @Context UriInfo uri) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with a name is required");
        }
        Long quota = body.quotaBytes() == null ? null : AdminUsersResource.wholeBytes(body.quotaBytes());
        DrivesJson.Drive created = DrivesJson.Drive.of(drives.create(actor(), body.name(), quota));
        return Response.created(uri.getAbsolutePathBuilder()
                        .path(created.id().toString())
                        .build())
                .entity(created)
                .build();
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Renames a drive and/or sets its quota (\"quotaBytes\": null removes the limit)")
    @APIResponse(responseCode = "409", description = "name_taken")
    public DrivesJson.Drive update(@PathParam("id") UUID id, String text) {
        JsonObject body = JsonBodies.optionalObject(text)
                .filter(b -> !b.isEmpty())
                .orElseThrow(() ->
                        NuboException.invalid("a JSON object with at least one of " + PATCHABLE + " is required"));
        for (String key : body.keySet()) {
            if (!PATCHABLE.contains(key)) {
                throw NuboException.invalid("unknown field '" + key + "'; allowed: " + PATCHABLE);
            }
        }
        Optional<String> name = AdminUsersResource.optionalString(body, "name");
        Optional<Optional<Long>> quota = body.containsKey("quotaBytes")
                ? Optional.of(AdminUsersResource.quota(body.get("quotaBytes")))
                : Optional.empty();
        return DrivesJson.Drive.of(drives.update(actor(), id, name, quota));
    }

    @DELETE
    @Path("{id}")
    @Operation(
            summary = "Deletes a drive with its members and links; one holding items (its trash included) only with"
                    + " force=true, which deletes them too")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "409", description = "drive_not_empty")
    public Response delete(@PathParam("id") UUID id, @QueryParam("force") @DefaultValue("false") String force) {
        if (!force.equals("true") && !force.equals("false")) {
            throw NuboException.invalid("force must be true or false");
        }
        drives.delete(actor(), id, Boolean.parseBoolean(force));
        return Response.noContent().build();
    }

    private ShareAudit.Actor actor() {
        return new ShareAudit.Actor(
                RequestAuth.caller(request).userId(),
                RequestAuth.client(servletRequest).address());
    }
}
