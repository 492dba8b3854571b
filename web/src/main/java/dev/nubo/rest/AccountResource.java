package dev.nubo.rest;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.platform.api.NuboException;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** The caller's own credentials: password, sessions, app passwords. */
@Path("auth")
@Produces(MediaType.APPLICATION_JSON)
public class AccountResource {
    @Inject
    AuthService auth;

    @Context
    ContainerRequestContext request;

    @POST
    @Path("password")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "204", description = "Changed; other sessions are signed out")
    public Response changePassword(Json.PasswordChange body) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with currentPassword and newPassword is required");
        }
        auth.changePassword(caller(), body.currentPassword(), body.newPassword());
        return Response.noContent().build();
    }

    @GET
    @Path("sessions")
    public List<Json.SessionItem> sessions() {
        return auth.sessions(caller()).stream().map(Json.SessionItem::of).toList();
    }

    @DELETE
    @Path("sessions/{id}")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response revokeSession(@PathParam("id") UUID id) {
        auth.revokeSession(caller(), id);
        return Response.noContent().build();
    }

    @GET
    @Path("app-passwords")
    public List<Json.AppPassword> appPasswords() {
        return auth.appPasswords(caller()).stream().map(Json.AppPassword::of).toList();
    }

    @POST
    @Path("app-passwords")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "201",
            description = "Created; the password is shown this once",
            content =
                    @Content(mediaType = "application/json", schema = @Schema(implementation = Json.AppPassword.class)))
    public Response createAppPassword(Json.AppPasswordRequest body) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with a label is required");
        }
        Json.AppPassword created = Json.AppPassword.of(auth.createAppPassword(caller(), body.label()));
        return Response.status(201).entity(created).build();
    }

    @DELETE
    @Path("app-passwords/{id}")
    @APIResponse(responseCode = "204", description = "Revoked")
    public Response revokeAppPassword(@PathParam("id") UUID id) {
        auth.revokeAppPassword(caller(), id);
        return Response.noContent().build();
    }

    private AuthenticatedUser caller() {
        return RequestAuth.caller(request);
    }
}
