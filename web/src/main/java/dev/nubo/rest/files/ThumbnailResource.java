package dev.nubo.rest.files;

import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.api.Thumbnails;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.RequestAuth;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Thumbnails of images: icon (150 px), preview (400 px) and large (1280 px) on the long side, never larger than the
 * image. Made in the background after an upload, or now if missing. The entity tag names the content and the size,
 * so a thumbnail never changes under it: clients may keep it for a year.
 */
@Path("files/{id}/thumbnail")
@Tag(name = "files")
public class ThumbnailResource {
    static final CacheControl FOREVER = CacheControl.valueOf("private, max-age=31536000, immutable");

    @Inject
    Thumbnails thumbnails;

    @Context
    ContainerRequestContext context;

    @GET
    @Produces({"image/jpeg", "image/png"})
    @Operation(summary = "A thumbnail of an image file (size icon, preview or large); 304 on a matching If-None-Match")
    @APIResponse(
            responseCode = "200",
            description = "JPEG, or PNG for images with transparency",
            content =
                    @Content(
                            mediaType = "image/jpeg",
                            schema =
                                    @Schema(
                                            type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING,
                                            format = "binary")))
    @APIResponse(responseCode = "304", description = "Unchanged")
    @APIResponse(responseCode = "400", description = "Unknown size")
    @APIResponse(responseCode = "404", description = "No such file, or no_thumbnail: not an image it can render")
    public Response thumbnail(
            @PathParam("id") long id,
            @QueryParam("size") @DefaultValue("preview") String size,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return answer(thumbnails, RequestAuth.caller(context).userId(), id, size, ifNoneMatch);
    }

    /** The thumbnail of the owner's file as an answer, 304 on a matching If-None-Match; shared with public links. */
    static Response answer(Thumbnails thumbnails, java.util.UUID owner, long id, String size, String ifNoneMatch) {
        ThumbnailSize px = ThumbnailSize.parse(size)
                .orElseThrow(() -> NuboException.invalid("size must be icon, preview or large"));
        Thumbnails.Found found = thumbnails
                .of(owner, id, px)
                .orElseThrow(() -> new NuboException(
                        ErrorKind.NOT_FOUND,
                        "no_thumbnail",
                        "this file has no thumbnail (not an image it can render)"));
        if (ifNoneMatch != null
                && Arrays.stream(ifNoneMatch.split(","))
                        .map(String::strip)
                        .anyMatch(t -> t.equals(found.etag()) || t.equals("W/" + found.etag()) || t.equals("*"))) {
            return Response.notModified()
                    .tag(found.etag().substring(1, found.etag().length() - 1))
                    .cacheControl(FOREVER)
                    .build();
        }
        return Response.ok(found.file().toFile(), found.mimeType())
                .tag(found.etag().substring(1, found.etag().length() - 1))
                .cacheControl(FOREVER)
                .build();
    }
}
