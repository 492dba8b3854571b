package dev.nubo.rest.files;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.ErrorBody;
import dev.nubo.rest.RequestAuth;
import dev.nubo.rest.StreamedBody;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Files and folders by id: metadata, listings, folders, uploads, downloads, rename/move, copy, delete. */
@Path("files")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "files")
@APIResponse(
        responseCode = "404",
        description = "No such item, or not the caller's",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
@APIResponse(
        responseCode = "401",
        description = "Not signed in",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
public class FilesResource {
    @Inject
    FileTree tree;

    @Inject
    FileContent content;

    @Inject
    dev.nubo.media.api.MediaFacts media;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest servletRequest;

    @GET
    @Path("root")
    @Operation(summary = "The caller's root folder")
    public FilesJson.Node root() {
        return FilesJson.Node.of(tree.root(caller()));
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A file or folder, with its path")
    public FilesJson.NodeWithPath get(@PathParam("id") long id) {
        return new FilesJson.NodeWithPath(
                FilesJson.Node.of(List.of(tree.get(caller(), id)), media).get(0), tree.pathOf(caller(), id));
    }

    @GET
    @Path("{id}/ancestors")
    @Operation(summary = "The folders from the root down to the item's parent, for breadcrumbs (empty for the root)")
    public List<FilesJson.Ancestor> ancestors(@PathParam("id") long id) {
        return tree.ancestors(caller(), id).stream().map(FilesJson.Ancestor::of).toList();
    }

    @GET
    @Path("{id}/children")
    @Operation(summary = "One page of a folder, folders first; pass 'next' back as cursor for the following page")
    @APIResponse(responseCode = "200", description = "A page")
    @APIResponse(responseCode = "400", description = "Bad sort, limit or cursor")
    public FilesJson.Listing children(
            @PathParam("id") long id,
            @QueryParam("sort") @DefaultValue("name") String sort,
            @QueryParam("order") @DefaultValue("asc") String order,
            @QueryParam("limit") @DefaultValue("200") int limit,
            @QueryParam("cursor") String cursor) {
        ListingQuery.Sort by = ListingQuery.Sort.parse(sort);
        if (!order.equals("asc") && !order.equals("desc")) {
            throw NuboException.invalid("order must be asc or desc");
        }
        Optional<ListingPage.Cursor> after =
                cursor == null || cursor.isEmpty() ? Optional.empty() : Optional.of(ListingPage.Cursor.decode(cursor));
        ListingPage page = tree.list(caller(), id, new ListingQuery(by, order.equals("desc"), after, limit));
        return new FilesJson.Listing(
                FilesJson.Node.of(page.entries(), media),
                page.next().map(ListingPage.Cursor::encode).orElse(null));
    }

    @GET
    @Path("{id}/folders")
    @Operation(summary = "Subfolders of a folder, for folder pickers")
    public java.util.List<FilesJson.Folder> folders(@PathParam("id") long id) {
        return tree.subfolders(caller(), id).stream().map(FilesJson.Folder::of).toList();
    }

    @POST
    @Path("{id}/folders")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a folder")
    @APIResponse(responseCode = "409", description = "name_taken or not_a_folder")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Node.class)))
    public Response createFolder(@PathParam("id") long id, FilesJson.NewFolder body) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with a name is required");
        }
        NodeView folder = tree.createFolder(caller(), id, NodeName.of(body.name()));
        return Response.status(201).entity(FilesJson.Node.of(folder)).build();
    }

    @PUT
    @Path("{id}/children/{name}")
    @StreamedBody
    @Consumes(MediaType.WILDCARD)
    @Operation(
            summary = "Upload a file into a folder (raw body)",
            description = "Optional headers: X-Content-SHA256 (hex, verified before the file appears), X-Modified-At"
                    + " (Unix seconds). conflict: fail (409), keep-both (renamed), overwrite (content replaced).")
    @APIResponse(responseCode = "400", description = "checksum_mismatch, length_mismatch, upload_interrupted, bad name")
    @APIResponse(responseCode = "409", description = "name_taken, is_a_folder")
    @APIResponse(responseCode = "507", description = "quota_exceeded")
    @APIResponse(
            responseCode = "201",
            description = "Stored",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Node.class)))
    public Response putChild(
            @PathParam("id") long id,
            @PathParam("name") String name,
            @QueryParam("conflict") String conflict,
            @HeaderParam(UploadBodies.SHA256_HEADER) String sha256,
            @HeaderParam(UploadBodies.MTIME_HEADER) String mtime)
            throws IOException {
        return upload(id, name, conflict, sha256, mtime);
    }

    @POST
    @Path("{id}/children")
    @StreamedBody
    @Consumes(MediaType.WILDCARD)
    @Operation(
            summary = "Upload files into a folder",
            description = "multipart/form-data with any number of file parts (streamed one by one; a 'conflict'"
                    + " field before them applies to the following files), or a raw body with ?name=.")
    @APIResponse(
            responseCode = "201",
            description = "All stored",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = FilesJson.UploadResponse.class)))
    @APIResponse(
            responseCode = "207",
            description = "Some files failed; see each result",
            content =
                    @Content(
                            mediaType = "application/json",
                            schema = @Schema(implementation = FilesJson.UploadResponse.class)))
    public Response postChildren(
            @PathParam("id") long id,
            @QueryParam("name") String name,
            @QueryParam("conflict") String conflict,
            @HeaderParam(UploadBodies.SHA256_HEADER) String sha256,
            @HeaderParam(UploadBodies.MTIME_HEADER) String mtime)
            throws IOException {
        String type = servletRequest.getContentType();
        if (type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith("multipart/form-data")) {
            return MultipartUpload.handle(content, caller(), id, ConflictMode.parse(conflict), servletRequest);
        }
        // the raw query string, not Jersey's copy of it: Jersey re-encodes a stray '%' as "%25" before even an
        // @Encoded parameter sees it, so "100%" would be stored as a name the client never properly sent
        String encodedName = UploadBodies.rawQueryValue(servletRequest.getQueryString(), "name");
        if (encodedName == null || name == null) {
            throw NuboException.invalid("name the file with ?name= or send multipart/form-data");
        }
        return upload(id, UploadBodies.decodeQueryValue(encodedName), conflict, sha256, mtime);
    }

    private Response upload(long parentId, String name, String conflict, String sha256, String mtime)
            throws IOException {
        FileContent.Upload upload = new FileContent.Upload(
                caller(),
                parentId,
                NodeName.of(name),
                ConflictMode.parse(conflict),
                UploadBodies.declaredLength(servletRequest),
                UploadBodies.sha256(sha256),
                UploadBodies.modifiedAt(mtime));
        NodeView node;
        try (InputStream body = servletRequest.getInputStream()) {
            node = content.upload(upload, body);
        } catch (NuboException e) {
            throw e;
        } catch (IOException e) {
            throw UploadBodies.interrupted(e);
        }
        return Response.status(201)
                .entity(FilesJson.Node.of(node))
                .tag(node.etag())
                .build();
    }

    @PUT
    @Path("{id}/content")
    @StreamedBody
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Replace a file's content; If-Match makes it conditional")
    @APIResponse(responseCode = "412", description = "etag_mismatch")
    @APIResponse(responseCode = "507", description = "quota_exceeded")
    @APIResponse(
            responseCode = "200",
            description = "Replaced",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Node.class)))
    public Response replace(
            @PathParam("id") long id,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @HeaderParam(UploadBodies.SHA256_HEADER) String sha256)
            throws IOException {
        NodeView node;
        try (InputStream body = servletRequest.getInputStream()) {
            node = content.replace(
                    caller(),
                    id,
                    Optional.ofNullable(ifMatch).map(FilesResource::unquote),
                    UploadBodies.declaredLength(servletRequest),
                    UploadBodies.sha256(sha256),
                    body);
        } catch (NuboException e) {
            throw e;
        } catch (IOException e) {
            throw UploadBodies.interrupted(e);
        }
        return Response.ok(FilesJson.Node.of(node)).tag(node.etag()).build();
    }

    static String unquote(String etag) {
        String e = etag.strip();
        if (e.startsWith("W/")) {
            e = e.substring(2);
        }
        return e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") ? e.substring(1, e.length() - 1) : e;
    }

    @GET
    @Path("{id}/content")
    @Produces(MediaType.WILDCARD)
    @Operation(
            summary = "Download a file",
            description = "Range (one or several), If-Range, If-None-Match, If-Match, If-Modified-Since,"
                    + " If-Unmodified-Since; ?disposition=inline to show rather than save")
    @APIResponse(responseCode = "304", description = "Not modified")
    @APIResponse(responseCode = "412", description = "A precondition failed")
    @APIResponse(responseCode = "416", description = "No range overlaps the file")
    @APIResponse(
            responseCode = "200",
            description = "The bytes",
            content = @Content(mediaType = "*/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(
            responseCode = "206",
            description = "The ranges asked for (several as multipart/byteranges)",
            content = @Content(mediaType = "*/*", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    public Response download(
            @PathParam("id") long id,
            @QueryParam("disposition") @DefaultValue("attachment") String disposition,
            @Context Request request,
            @Context HttpHeaders headers)
            throws IOException {
        return Downloads.respond(content.open(caller(), id), request, headers, "inline".equals(disposition), false);
    }

    @HEAD
    @Path("{id}/content")
    @Produces(MediaType.WILDCARD)
    @APIResponse(responseCode = "200", description = "The headers a GET would send")
    public Response head(
            @PathParam("id") long id,
            @QueryParam("disposition") @DefaultValue("attachment") String disposition,
            @Context Request request,
            @Context HttpHeaders headers)
            throws IOException {
        return Downloads.respond(content.open(caller(), id), request, headers, "inline".equals(disposition), true);
    }

    @PATCH
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("{id}")
    @Operation(summary = "Rename and/or move")
    @APIResponse(responseCode = "200", description = "Moved")
    @APIResponse(responseCode = "409", description = "name_taken, into_own_subtree, not_a_folder, root_is_fixed")
    public FilesJson.Node change(@PathParam("id") long id, FilesJson.Change body) {
        if (body == null || (body.name() == null && body.parentId() == null)) {
            throw NuboException.invalid("give a new name, a new parentId, or both");
        }
        UUID caller = caller();
        NodeView node = tree.get(caller, id);
        if (node.parentId() == null) {
            throw NuboException.conflict("root_is_fixed", "the root folder cannot be moved or renamed");
        }
        long parent = body.parentId() == null ? node.parentId() : body.parentId();
        Optional<NodeName> name = Optional.ofNullable(body.name()).map(NodeName::of);
        return FilesJson.Node.of(tree.move(caller, id, parent, name, ConflictMode.parse(body.conflict())));
    }

    @POST
    @Path("{id}/copy")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Copy a file or a folder with everything in it; copies share content")
    @APIResponse(responseCode = "507", description = "quota_exceeded")
    @APIResponse(
            responseCode = "201",
            description = "Copied",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = FilesJson.Node.class)))
    public Response copy(@PathParam("id") long id, FilesJson.CopyRequest body) {
        if (body == null || body.parentId() == null) {
            throw NuboException.invalid("a JSON body with the target parentId is required");
        }
        NodeView copy = tree.copy(
                caller(),
                id,
                body.parentId(),
                Optional.ofNullable(body.name()).map(NodeName::of),
                ConflictMode.parse(body.conflict()));
        return Response.status(201).entity(FilesJson.Node.of(copy)).build();
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Move to the trash")
    @APIResponse(responseCode = "204", description = "In the trash")
    public Response delete(@PathParam("id") long id) {
        tree.trash(caller(), id);
        return Response.noContent().build();
    }

    @GET
    @Path("{id}/zip")
    @Produces("application/zip")
    @Operation(summary = "A folder (or file) as a streamed ZIP")
    @APIResponse(
            responseCode = "200",
            description = "The ZIP, streamed",
            content =
                    @Content(
                            mediaType = "application/zip",
                            schema = @Schema(type = SchemaType.STRING, format = "binary")))
    public Response zip(@PathParam("id") long id) {
        return zipOf(java.util.List.of(id), tree.get(caller(), id).name());
    }

    Response zipOf(java.util.List<Long> ids, String name) {
        return ZipDownload.response(content, content.archiveEntries(caller(), ids), name);
    }

    @GET
    @Path("zip")
    @Produces("application/zip")
    @Operation(summary = "Several items as one streamed ZIP: ?ids=1,2,3")
    @APIResponse(
            responseCode = "200",
            description = "The ZIP, streamed",
            content =
                    @Content(
                            mediaType = "application/zip",
                            schema = @Schema(type = SchemaType.STRING, format = "binary")))
    public Response zipSelection(@QueryParam("ids") String ids) {
        return zipOf(parseIds(ids), "files");
    }

    @POST
    @Path("batch")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Move, copy or delete many items; each succeeds or fails on its own")
    @APIResponse(responseCode = "200", description = "One result per item, in request order")
    public FilesJson.BatchResponse batch(FilesJson.BatchRequest body) {
        if (body == null
                || body.action() == null
                || body.ids() == null
                || body.ids().isEmpty()) {
            throw NuboException.invalid("give an action (move, copy, delete) and the ids");
        }
        if (body.ids().size() > FileTree.MAX_BATCH) {
            throw NuboException.invalid("at most " + FileTree.MAX_BATCH + " items per batch");
        }
        if (!body.action().equals("delete") && body.targetId() == null) {
            throw NuboException.invalid(body.action() + " needs a targetId");
        }
        if (!java.util.Set.of("move", "copy", "delete").contains(body.action())) {
            throw NuboException.invalid("action must be move, copy or delete");
        }
        if (body.ids().contains(null)) {
            // refused before any item is touched: a 400 must not follow half a batch
            throw NuboException.invalid("ids must be numbers");
        }
        ConflictMode conflict = ConflictMode.parse(body.conflict());
        UUID caller = caller();
        java.util.List<dev.nubo.files.api.BatchResult> results = new java.util.ArrayList<>();
        for (Long id : body.ids()) {
            try {
                NodeView node =
                        switch (body.action()) {
                            case "move" -> tree.move(caller, id, body.targetId(), Optional.empty(), conflict);
                            case "copy" -> tree.copy(caller, id, body.targetId(), Optional.empty(), conflict);
                            default -> {
                                tree.trash(caller, id);
                                yield null;
                            }
                        };
                results.add(dev.nubo.files.api.BatchResult.ok(id, node));
            } catch (NuboException e) {
                results.add(dev.nubo.files.api.BatchResult.failed(id, e.code(), e.getMessage()));
            }
        }
        int failed = (int) results.stream().filter(r -> r.error().isPresent()).count();
        return new FilesJson.BatchResponse(
                results.stream().map(FilesJson.BatchItem::of).toList(), results.size() - failed, failed);
    }

    static java.util.List<Long> parseIds(String ids) {
        if (ids == null || ids.isBlank()) {
            throw NuboException.invalid("ids is required: ?ids=1,2,3");
        }
        String[] parts = ids.split(",");
        if (parts.length > FileTree.MAX_BATCH) {
            throw NuboException.invalid("at most " + FileTree.MAX_BATCH + " items");
        }
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (String p : parts) {
            try {
                out.add(Long.parseLong(p.strip()));
            } catch (NumberFormatException e) {
                throw NuboException.invalid("ids must be numbers separated by commas");
            }
        }
        return out;
    }

    private UUID caller() {
        AuthenticatedUser user = RequestAuth.caller(context);
        return user.userId();
    }
}
