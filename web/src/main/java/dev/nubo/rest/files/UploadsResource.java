package dev.nubo.rest.files;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.UploadSessions;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.RequestAuth;
import dev.nubo.rest.StreamedBody;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Resumable uploads: POST creates a session, PATCH sends a chunk at {@code Upload-Offset}, HEAD (or GET) tells the
 * offset to resume from after a broken connection, POST …/complete turns the bytes into a file.
 */
@Path("uploads")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "uploads")
public class UploadsResource {
    static final String OFFSET = "Upload-Offset";

    @Inject
    UploadSessions uploads;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest servletRequest;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a resumable upload")
    @APIResponse(responseCode = "507", description = "The declared size does not fit the quota")
    @APIResponse(
            responseCode = "201",
            description = "Created; send chunks to the Location",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Upload.class)))
    public Response create(FilesJson.NewUpload body) {
        if (body == null || body.parentId() == null || body.size() == null) {
            throw NuboException.invalid("give parentId, name and size");
        }
        UploadSessions.Session s = uploads.create(
                caller(),
                body.parentId(),
                NodeName.of(body.name()),
                body.size(),
                UploadBodies.sha256(body.sha256()),
                ConflictMode.parse(body.conflict()));
        return Response.created(URI.create("uploads/" + s.id()))
                .header(OFFSET, 0)
                .entity(FilesJson.Upload.of(s))
                .build();
    }

    @GET
    @Path("{id}")
    @Operation(summary = "The session, with the offset to send next")
    @APIResponse(
            responseCode = "200",
            description = "The session; Upload-Offset says where the next chunk goes",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Upload.class)))
    public Response get(@PathParam("id") UUID id) throws IOException {
        UploadSessions.Session s = uploads.get(caller(), id);
        return Response.ok(FilesJson.Upload.of(s)).header(OFFSET, s.offset()).build();
    }

    @HEAD
    @Path("{id}")
    @APIResponse(responseCode = "200", description = "Upload-Offset and Upload-Length only")
    public Response head(@PathParam("id") UUID id) throws IOException {
        UploadSessions.Session s = uploads.get(caller(), id);
        return Response.ok()
                .header(OFFSET, s.offset())
                .header("Upload-Length", s.totalSize())
                .build();
    }

    @PATCH
    @Path("{id}")
    @StreamedBody
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Append a chunk at Upload-Offset")
    @APIResponse(responseCode = "204", description = "Stored; Upload-Offset is the new offset")
    @APIResponse(responseCode = "409", description = "offset_mismatch (resume from the current offset), upload_busy")
    public Response append(@PathParam("id") UUID id, @HeaderParam(OFFSET) String offset) throws IOException {
        long at;
        try {
            at = Long.parseLong(offset == null ? "" : offset.strip());
        } catch (NumberFormatException e) {
            throw NuboException.invalid(OFFSET + " must be the byte offset of this chunk");
        }
        long now;
        try (InputStream body = servletRequest.getInputStream()) {
            now = uploads.append(caller(), id, at, body);
        } catch (NuboException e) {
            throw e;
        } catch (IOException e) {
            throw UploadBodies.interrupted(e);
        }
        return Response.noContent().header(OFFSET, now).build();
    }

    @POST
    @Path("{id}/complete")
    @Consumes(MediaType.WILDCARD)
    @Operation(
            summary = "Finish: verify the checksum, apply the conflict mode, create the file",
            description = "An optional body {\"conflict\": \"fail|keep-both|overwrite\"} replaces the session's mode;"
                    + " after 409 name_taken the upload stays, so it can be completed again with another mode")
    @APIResponse(responseCode = "409", description = "upload_incomplete, name_taken, is_a_folder")
    @APIResponse(
            responseCode = "201",
            description = "The file",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Node.class)))
    public Response complete(
            @PathParam("id") UUID id,
            @RequestBody(
                            required = false,
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            schema = @Schema(implementation = FilesJson.CompleteRequest.class)))
                    String body)
            throws IOException {
        NodeView node = uploads.complete(caller(), id, UploadBodies.completeConflict(body));
        return Response.status(201).entity(FilesJson.Node.of(node)).build();
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Abandon the upload")
    @APIResponse(responseCode = "204", description = "Cancelled; the bytes received are deleted")
    public Response cancel(@PathParam("id") UUID id) throws IOException {
        uploads.cancel(caller(), id);
        return Response.noContent().build();
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
