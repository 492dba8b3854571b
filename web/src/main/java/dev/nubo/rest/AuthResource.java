package dev.nubo.rest;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.IssuedTokens;
import dev.nubo.auth.api.SessionKind;
import dev.nubo.auth.infra.Secrets;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.config.ServerSettings;
import dev.nubo.users.api.UserService;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Sign-in, token refresh and sign-out, for API clients (tokens in the body) and browsers (cookies). */
@Path("auth")
@Produces(MediaType.APPLICATION_JSON)
public class AuthResource {
    @Inject
    AuthService auth;

    @Inject
    UserService users;

    @Inject
    ServerSettings settings;

    @Context
    HttpServletRequest servletRequest;

    @POST
    @Path("login")
    @Public
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "200",
            description = "Signed in",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.Session.class)))
    public Response login(Json.LoginRequest body) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with username and password is required");
        }
        SessionKind kind = kind(body.mode());
        IssuedTokens tokens = auth.login(body.username(), body.password(), kind, RequestAuth.client(servletRequest));
        return answer(tokens, kind);
    }

    @POST
    @Path("refresh")
    @Public
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "200",
            description = "New tokens",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.Session.class)))
    public Response refresh(Json.RefreshRequest body, @Context ContainerRequestContext request) {
        if (body != null && body.refreshToken() != null) {
            return answer(auth.refresh(body.refreshToken(), RequestAuth.client(servletRequest)), SessionKind.TOKEN);
        }
        Cookie refresh = request.getCookies().get(Cookies.REFRESH);
        Cookie csrf = request.getCookies().get(Cookies.CSRF);
        if (refresh == null) {
            throw NuboException.unauthenticated("invalid_refresh_token", "no refresh token in the body or cookie");
        }
        // double submit: a cross-site page can send the cookies but cannot read the CSRF cookie to echo it
        if (csrf == null
                || !Secrets.constantTimeEquals(csrf.getValue(), request.getHeaderString(Cookies.CSRF_HEADER))) {
            throw NuboException.forbidden("missing or wrong " + Cookies.CSRF_HEADER + " header");
        }
        return answer(auth.refresh(refresh.getValue(), RequestAuth.client(servletRequest)), SessionKind.COOKIE);
    }

    @POST
    @Path("logout")
    @APIResponse(responseCode = "204", description = "Signed out")
    public Response logout(@Context ContainerRequestContext request) {
        AuthenticatedUser who = RequestAuth.caller(request);
        if (who.sessionId() != null) {
            auth.logout(who.sessionId());
        }
        return Response.noContent().cookie(Cookies.clear(secureCookies())).build();
    }

    @GET
    @Path("me")
    public Json.User me(@Context ContainerRequestContext request) {
        AuthenticatedUser who = RequestAuth.caller(request);
        return users.find(who.userId()).map(Json.User::of).orElseThrow(() -> NuboException.notFound("user"));
    }

    private Response answer(IssuedTokens t, SessionKind kind) {
        Json.User user = users.find(t.userId()).map(Json.User::of).orElseThrow(() -> NuboException.notFound("user"));
        long expiresIn = Duration.between(Instant.now(), t.accessExpiresAt()).toSeconds();
        long refreshIn = Duration.between(Instant.now(), t.refreshExpiresAt()).toSeconds();
        if (kind == SessionKind.COOKIE) {
            return Response.ok(new Json.Session(
                            null, null, expiresIn, null, refreshIn, t.sessionId(), t.csrfToken(), user))
                    .cookie(Cookies.issue(t, secureCookies()))
                    .build();
        }
        return Response.ok(new Json.Session(
                        "Bearer", t.accessToken(), expiresIn, t.refreshToken(), refreshIn, t.sessionId(), null, user))
                .build();
    }

    /** Secure cookies over HTTPS, seen directly, from a proxy's X-Forwarded-Proto, or from an https NUBO_BASE_URL. */
    private boolean secureCookies() {
        return RequestAuth.secure(servletRequest)
                || settings.baseUrl().map(u -> "https".equals(u.getScheme())).orElse(false);
    }

    private static SessionKind kind(String mode) {
        if (mode == null || "token".equals(mode)) {
            return SessionKind.TOKEN;
        }
        if ("cookie".equals(mode)) {
            return SessionKind.COOKIE;
        }
        throw NuboException.invalid("mode must be \"token\" or \"cookie\"");
    }
}
