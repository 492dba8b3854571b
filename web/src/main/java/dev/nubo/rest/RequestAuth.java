package dev.nubo.rest;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.ClientInfo;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;

/** Where the authenticated caller of a REST request is kept, and how a request describes its client. */
public final class RequestAuth {
    static final String PROPERTY = "nubo.auth";

    private RequestAuth() {}

    public static AuthenticatedUser caller(ContainerRequestContext request) {
        return (AuthenticatedUser) request.getProperty(PROPERTY);
    }

    public static ClientInfo client(HttpServletRequest request) {
        return new ClientInfo(request.getRemoteAddr(), request.getHeader(HttpHeaders.USER_AGENT));
    }

    /** Secure cookies when the client reached us over HTTPS, directly or through a proxy that says so. */
    public static boolean secure(HttpServletRequest request) {
        return request.isSecure() || "https".equalsIgnoreCase(request.getHeader("X-Forwarded-Proto"));
    }
}
