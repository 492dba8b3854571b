package dev.nubo.rest.links;

import dev.nubo.links.api.Links;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.config.ServerSettings;
import dev.nubo.rest.ErrorBody;
import dev.nubo.rest.JsonBodies;
import dev.nubo.rest.RequestAuth;
import dev.nubo.share.api.ShareAudit;
import jakarta.inject.Inject;
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
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Public links of the caller's items (or of items they may share): create, list, change, revoke, audit. A link the
 * caller may not manage answers 404, exactly like one that does not exist.
 */
@Path("links")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "public links")
@APIResponse(
        responseCode = "404",
        description = "No such link or item, or not the caller's to share",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
@APIResponse(
        responseCode = "401",
        description = "Not signed in",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
public class LinksResource {
    @Inject
    Links links;

    @Inject
    ServerSettings server;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest servletRequest;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a public link: permission view, download, drop (folders) or edit (folders)")
    @RequestBody(content = @Content(schema = @Schema(implementation = LinksJson.Create.class)))
    @APIResponse(
            responseCode = "201",
            description = "Created; url is the address to hand out",
            content = @Content(schema = @Schema(implementation = LinksJson.Link.class)))
    @APIResponse(responseCode = "409", description = "not_a_folder: drop and edit links need a folder")
    public Response create(String body) {
        var spec = LinksJson.spec(
                JsonBodies.optionalObject(body).orElseThrow(() -> NuboException.invalid("give nodeId and permission")));
        return Response.status(201)
                .entity(LinksJson.Link.of(links.create(caller(), actor(), spec), base()))
                .build();
    }

    @GET
    @Operation(summary = "The links of an item the caller may share (?nodeId=), or all the caller's links")
    public List<LinksJson.Link> list(@QueryParam("nodeId") Long nodeId) {
        String base = base();
        return links.list(caller(), Optional.ofNullable(nodeId)).stream()
                .map(l -> LinksJson.Link.of(l, base))
                .toList();
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Change a link: {field: value} sets, {field: null} clears password, expiresAt, downloadLimit or"
                    + " label; absent fields stay")
    public LinksJson.Link update(@PathParam("id") long id, String body) {
        var update = LinksJson.update(
                JsonBodies.optionalObject(body).orElseThrow(() -> NuboException.invalid("nothing to change")));
        return LinksJson.Link.of(links.update(caller(), actor(), id, update), base());
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Revoke a link: its address is dead at once")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response delete(@PathParam("id") long id) {
        links.delete(caller(), actor(), id);
        return Response.noContent().build();
    }

    @GET
    @Path("{id}/audit")
    @Operation(summary = "The link's audit trail, newest first: creation, changes, accesses, wrong passwords")
    public List<LinksJson.Audit> audit(@PathParam("id") long id, @QueryParam("limit") @DefaultValue("100") int limit) {
        return links.audit(caller(), id, limit).stream()
                .map(LinksJson.Audit::of)
                .toList();
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }

    private ShareAudit.Actor actor() {
        return new ShareAudit.Actor(caller(), RequestAuth.client(servletRequest).address());
    }

    /** NUBO_BASE_URL when set, else the address this request came to (the REST base minus its "api/"). */
    private String base() {
        URI root = server.baseUrl().orElseGet(() -> uri.getBaseUri().resolve(".."));
        String s = root.toString();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
