package dev.nubo.rest.files;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkPermission.Need;
import dev.nubo.links.api.OpenLink;
import dev.nubo.links.api.PublicLinks;
import dev.nubo.links.api.PublicLinks.LinkedItem;
import dev.nubo.media.api.MediaFacts;
import dev.nubo.media.api.Thumbnails;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.ErrorBody;
import dev.nubo.rest.JsonBodies;
import dev.nubo.rest.Public;
import dev.nubo.rest.RequestAuth;
import dev.nubo.rest.StreamedBody;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A public link as its visitors see it, without an account. A dead link (unknown, revoked, expired, exhausted, its
 * item deleted or in the trash) and any id outside the link's folder answer 404. A password-protected link needs
 * the unlock cookie ({@value #COOKIE}, HttpOnly, SameSite=Strict, path limited to the link, HMAC-signed, one hour)
 * on every request but {@code GET} of the link and {@code unlock}: 401 {@code password_required} tells the page to
 * ask for the password. Downloads stream with Range and ETag like private ones, after one metadata read.
 */
@Path("public/links/{token}")
@Public
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "public links")
@APIResponse(
        responseCode = "404",
        description = "No such live link, or the item is not inside it",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
@APIResponse(
        responseCode = "401",
        description = "password_required: unlock the link first",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
@APIResponse(
        responseCode = "403",
        description = "not_allowed: the link's permission does not allow this",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
public class PublicLinksResource {
    static final String COOKIE = "nubo_link";

    @Inject
    PublicLinks links;

    @Inject
    dev.nubo.files.api.FileContent content;

    @Inject
    MediaFacts media;

    @Inject
    Thumbnails thumbnails;

    @PathParam("token")
    String token;

    @CookieParam(COOKIE)
    String cookie;

    @Context
    HttpServletRequest servletRequest;

    @Context
    UriInfo uri;

    @GET
    @Operation(summary = "What the link opens: name, kind, permission, whether it needs a password, expiry, owner")
    public PublicLinksJson.Info info() {
        OpenLink link = links.open(token);
        boolean unlocked = links.unlocked(link, cookie);
        if (unlocked) {
            links.recordOpened(link, address());
        }
        return PublicLinksJson.Info.of(link, unlocked);
    }

    @POST
    @Path("unlock")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Checks the link's password and sets the unlock cookie; wrong guesses are throttled")
    @APIResponse(responseCode = "204", description = "Unlocked; the cookie is set")
    @APIResponse(responseCode = "429", description = "too_many_attempts; see Retry-After")
    public Response unlock(String body) {
        JsonObject json = JsonBodies.optionalObject(body).orElseThrow(() -> NuboException.invalid("give a password"));
        String password =
                json.containsKey("password") && !json.isNull("password") ? json.getString("password", null) : null;
        if (password == null) {
            throw NuboException.invalid("give a password");
        }
        OpenLink link = links.unlock(token, password, address());
        NewCookie unlock = new NewCookie.Builder(COOKIE)
                .value(links.unlockCookie(link))
                .path(uri.getBaseUri().getPath() + "public/links/" + token)
                .maxAge((int) PublicLinks.UNLOCK_TTL.toSeconds())
                .httpOnly(true)
                .sameSite(NewCookie.SameSite.STRICT)
                .secure(RequestAuth.secure(servletRequest))
                .build();
        return Response.noContent().cookie(unlock).build();
    }

    @GET
    @Path("items")
    @Operation(summary = "One page of a folder inside the link (the link's folder when folderId is absent)")
    public PublicLinksJson.Listing items(
            @QueryParam("folderId") Long folderId,
            @QueryParam("sort") @DefaultValue("name") String sort,
            @QueryParam("order") @DefaultValue("asc") String order,
            @QueryParam("limit") @DefaultValue("200") int limit,
            @QueryParam("cursor") String cursor) {
        LinkedItem folder = unlocked(folderId);
        if (!order.equals("asc") && !order.equals("desc")) {
            throw NuboException.invalid("order must be asc or desc");
        }
        Optional<ListingPage.Cursor> after =
                cursor == null || cursor.isEmpty() ? Optional.empty() : Optional.of(ListingPage.Cursor.decode(cursor));
        ListingPage page =
                links.list(folder, new ListingQuery(ListingQuery.Sort.parse(sort), order.equals("desc"), after, limit));
        return new PublicLinksJson.Listing(
                FilesJson.Node.of(folder.node()),
                links.ancestors(folder).stream().map(FilesJson.Ancestor::of).toList(),
                FilesJson.Node.of(page.entries(), media),
                page.next().map(ListingPage.Cursor::encode).orElse(null));
    }

    @GET
    @Path("items/{id}")
    @Operation(summary = "One item inside the link, with the folders from the link's folder down to it")
    public PublicLinksJson.Item item(@PathParam("id") long id) {
        LinkedItem item = unlocked(id);
        item.link().require(Need.LIST);
        return new PublicLinksJson.Item(
                FilesJson.Node.of(List.of(item.node()), media).get(0),
                links.ancestors(item).stream().map(FilesJson.Ancestor::of).toList());
    }

    @GET
    @Path("items/{id}/content")
    @Operation(
            summary = "Download or show a file: Range, If-Range, If-None-Match and the other preconditions as for"
                    + " private downloads. A view link shows previewable files inline only. A GET that sends the"
                    + " file from byte 0 counts as one download against the link's limit.")
    @Produces(MediaType.WILDCARD)
    @APIResponse(
            responseCode = "200",
            description = "The file",
            content = @Content(mediaType = "*/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(
            responseCode = "206",
            description = "Part of it",
            content = @Content(mediaType = "*/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "304", description = "Unchanged")
    @APIResponse(responseCode = "416", description = "No range overlaps the file")
    public Response content(
            @PathParam("id") long id,
            @QueryParam("disposition") String disposition,
            @Context Request request,
            @Context HttpHeaders headers)
            throws IOException {
        return download(id, disposition, request, headers, false);
    }

    @HEAD
    @Path("items/{id}/content")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "The headers of a download; never counts as one")
    @APIResponse(responseCode = "200", description = "The headers of the file")
    public Response contentHead(
            @PathParam("id") long id,
            @QueryParam("disposition") String disposition,
            @Context Request request,
            @Context HttpHeaders headers)
            throws IOException {
        return download(id, disposition, request, headers, true);
    }

    private Response download(long id, String disposition, Request request, HttpHeaders headers, boolean head)
            throws IOException {
        LinkedItem item = unlocked(id);
        boolean inline = "inline".equals(disposition);
        item.link().require(Need.PREVIEW);
        if (!item.link().permission().allows(Need.DOWNLOAD)) {
            if (!inline || !LinkDownloads.previewable(item.node())) {
                throw new NuboException(
                        dev.nubo.platform.api.ErrorKind.FORBIDDEN,
                        "download_not_allowed",
                        "this link allows viewing only");
            }
        }
        if (!item.node().folder() && !head && LinkDownloads.counts(item.node(), request, headers)) {
            links.countDownload(item, "download '" + item.node().name() + "'", address());
        }
        return Downloads.respond(links.open(item), request, headers, inline, head);
    }

    @GET
    @Path("items/{id}/thumbnail")
    @Produces({"image/jpeg", "image/png"})
    @Operation(summary = "A thumbnail of an image inside the link (size icon, preview or large)")
    @APIResponse(
            responseCode = "200",
            description = "JPEG, or PNG for images with transparency",
            content = @Content(mediaType = "image/jpeg", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "304", description = "Unchanged")
    public Response thumbnail(
            @PathParam("id") long id,
            @QueryParam("size") @DefaultValue("preview") String size,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        LinkedItem item = unlocked(id);
        item.link().require(Need.PREVIEW);
        return ThumbnailResource.answer(
                thumbnails, item.link().ownerId(), item.node().id(), size, ifNoneMatch);
    }

    @GET
    @Path("zip")
    @Produces("application/zip")
    @Operation(summary = "The link's folder, or ?ids=1,2,3 inside it, as a streamed ZIP; counts as one download")
    @APIResponse(
            responseCode = "200",
            description = "The ZIP, streamed",
            content =
                    @Content(
                            mediaType = "application/zip",
                            schema = @Schema(type = SchemaType.STRING, format = "binary")))
    public Response zip(@QueryParam("ids") String ids) {
        LinkedItem root = unlocked(null);
        root.link().require(Need.DOWNLOAD);
        List<Long> selection =
                ids == null || ids.isBlank() ? List.of(root.node().id()) : FilesResource.parseIds(ids);
        var entries = links.archiveEntries(root.link(), selection);
        links.countDownload(root, "zip of " + selection.size() + " item(s)", address());
        String name = selection.size() == 1 && selection.get(0) == root.node().id()
                ? root.node().name()
                : "files";
        return ZipDownload.response(content, entries, name);
    }

    @POST
    @Path("upload")
    @StreamedBody
    @Consumes(MediaType.WILDCARD)
    @Operation(
            summary = "Upload one file (raw body, ?name=) into the link's folder or ?folderId= inside it; drop links"
                    + " always keep both on a name clash and answer only the stored name")
    @APIResponse(
            responseCode = "201",
            description = "Stored: the item, or for a drop link only its name and size",
            content = @Content(schema = @Schema(implementation = PublicLinksJson.Uploaded.class)))
    @APIResponse(responseCode = "507", description = "quota_exceeded: the owner's storage is full")
    public Response upload(
            @QueryParam("folderId") Long folderId,
            @QueryParam("name") String name,
            @QueryParam("conflict") String conflict)
            throws IOException {
        LinkedItem folder = unlocked(folderId);
        folder.link().require(Need.UPLOAD);
        String encodedName = UploadBodies.rawQueryValue(servletRequest.getQueryString(), "name");
        if (encodedName == null || name == null) {
            throw NuboException.invalid("name the file with ?name=");
        }
        NodeName fileName = NodeName.of(UploadBodies.decodeQueryValue(encodedName));
        NodeView stored;
        try (InputStream body = servletRequest.getInputStream()) {
            stored = links.upload(
                    folder,
                    fileName,
                    ConflictMode.parse(conflict),
                    UploadBodies.declaredLength(servletRequest),
                    body,
                    address());
        } catch (NuboException e) {
            throw e;
        } catch (IOException e) {
            throw UploadBodies.interrupted(e);
        }
        boolean drop = !folder.link().permission().allows(Need.LIST);
        return Response.status(201)
                .entity(new PublicLinksJson.Uploaded(drop ? null : stored.id(), stored.name(), stored.size()))
                .build();
    }

    @POST
    @Path("items/{id}/folders")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "New folder inside the link (edit links)")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = FilesJson.Node.class)))
    public Response createFolder(@PathParam("id") long id, FilesJson.NewFolder body) {
        if (body == null || body.name() == null) {
            throw NuboException.invalid("give the folder a name");
        }
        NodeView made = links.createFolder(unlocked(id), NodeName.of(body.name()), address());
        return Response.status(201).entity(FilesJson.Node.of(made)).build();
    }

    @PATCH
    @Path("items/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename an item inside the link (edit links)")
    public FilesJson.Node rename(@PathParam("id") long id, FilesJson.NewFolder body) {
        if (body == null || body.name() == null) {
            throw NuboException.invalid("give the new name");
        }
        return FilesJson.Node.of(links.rename(unlocked(id), NodeName.of(body.name()), address()));
    }

    @DELETE
    @Path("items/{id}")
    @Operation(summary = "Move an item inside the link to the owner's trash (edit links)")
    @APIResponse(responseCode = "204", description = "In the trash")
    public Response delete(@PathParam("id") long id) {
        links.trash(unlocked(id), address());
        return Response.noContent().build();
    }

    /** The item (the root when id is null) of a live link whose password, if any, this browser gave. */
    private LinkedItem unlocked(Long id) {
        LinkedItem item = id == null ? links.root(token) : links.item(token, id);
        if (!links.unlocked(item.link(), cookie)) {
            throw NuboException.unauthenticated("password_required", "this link needs its password");
        }
        return item;
    }

    private String address() {
        return RequestAuth.client(servletRequest).address();
    }
}
