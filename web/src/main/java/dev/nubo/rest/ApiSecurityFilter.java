package dev.nubo.rest;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.AuthenticatedUser.Credential;
import dev.nubo.auth.api.BasicCredentials;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.RequestLogFilter;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Set;

/**
 * Authenticates every REST request not marked {@link Public}: a Bearer access token, HTTP Basic (account or app
 * password), or the browser's access cookie — the last only with a valid CSRF token on state-changing methods.
 * Then enforces {@link AdminOnly}.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class ApiSecurityFilter implements ContainerRequestFilter {
    static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    @Inject
    AuthService auth;

    @Context
    ResourceInfo resource;

    @Context
    HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        Method method = resource.getResourceMethod();
        if (method == null || isPublic(method)) {
            return;
        }
        AuthenticatedUser user = authenticate(request);
        request.setProperty(RequestAuth.PROPERTY, user);
        servletRequest.setAttribute(RequestLogFilter.USER, user.username());
        request.setSecurityContext(
                new CallerContext(user, request.getSecurityContext().isSecure()));
        if (adminOnly(method) && !user.isAdmin()) {
            throw NuboException.forbidden("only admins may do this");
        }
    }

    private AuthenticatedUser authenticate(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header != null) {
            if (header.regionMatches(true, 0, "Bearer ", 0, 7)) {
                return auth.authenticateAccessToken(header.substring(7).trim());
            }
            if (header.regionMatches(true, 0, "Basic ", 0, 6)) {
                BasicCredentials basic = BasicCredentials.decode(header.substring(6));
                return auth.authenticateBasic(basic.username(), basic.password(), RequestAuth.client(servletRequest));
            }
            throw NuboException.unauthenticated("unsupported_authorization", "use a Bearer token or Basic credentials");
        }
        Cookie access = request.getCookies().get(Cookies.ACCESS);
        if (access == null || access.getValue().isEmpty()) {
            throw NuboException.unauthenticated("authentication_required", "sign in first");
        }
        AuthenticatedUser user = auth.authenticateAccessToken(access.getValue());
        if (user.credential() != Credential.COOKIE) {
            throw NuboException.unauthenticated("invalid_token", "this token is not a browser session");
        }
        if (!SAFE_METHODS.contains(request.getMethod())
                && !auth.csrfValid(user.sessionId(), request.getHeaderString(Cookies.CSRF_HEADER))) {
            throw NuboException.forbidden("missing or wrong " + Cookies.CSRF_HEADER + " header");
        }
        return user;
    }

    private boolean isPublic(Method method) {
        return method.isAnnotationPresent(Public.class)
                || resource.getResourceClass().isAnnotationPresent(Public.class);
    }

    private boolean adminOnly(Method method) {
        return method.isAnnotationPresent(AdminOnly.class)
                || resource.getResourceClass().isAnnotationPresent(AdminOnly.class);
    }

    private record CallerContext(AuthenticatedUser user, boolean secure) implements SecurityContext {
        @Override
        public Principal getUserPrincipal() {
            return user::username;
        }

        @Override
        public boolean isUserInRole(String role) {
            return user.role().wireName().equals(role);
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return user.credential() == Credential.BASIC_PASSWORD || user.credential() == Credential.BASIC_APP_PASSWORD
                    ? BASIC_AUTH
                    : "Bearer";
        }
    }
}
