package dev.nubo.platform.web;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.BasicCredentials;
import dev.nubo.auth.api.ClientInfo;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * HTTP Basic (RFC 7617) for the servlet surfaces (DAV, Nextcloud): decodes the header, asks {@link AuthService},
 * and on failure answers 401 with a {@code WWW-Authenticate} challenge (429 with Retry-After when throttled).
 */
@ApplicationScoped
public class BasicAuthGate {
    @Inject
    AuthService auth;

    /** The caller, or empty after the failure response has been written. */
    public Optional<AuthenticatedUser> authenticate(HttpServletRequest req, HttpServletResponse res, String realm)
            throws IOException {
        String header = req.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            challenge(res, realm, "authentication required");
            return Optional.empty();
        }
        try {
            BasicCredentials credentials = BasicCredentials.decode(header.substring(6));
            AuthenticatedUser user = auth.authenticateBasic(
                    credentials.username(),
                    credentials.password(),
                    new ClientInfo(req.getRemoteAddr(), req.getHeader("User-Agent")));
            req.setAttribute(RequestLogFilter.USER, user.username());
            return Optional.of(user);
        } catch (NuboException e) {
            if (e.kind() == ErrorKind.THROTTLED) {
                throttled(res, e);
            } else {
                challenge(res, realm, e.getMessage());
            }
            return Optional.empty();
        }
    }

    /** 429 with Retry-After (whole seconds, at least 1) for a throttled attempt. */
    public static void throttled(HttpServletResponse res, NuboException e) throws IOException {
        res.setHeader(
                "Retry-After",
                String.valueOf(
                        e.retryAfter().map(d -> Math.max(1, d.toSeconds())).orElse(60L)));
        plain(res, 429, e.getMessage());
    }

    private static void challenge(HttpServletResponse res, String realm, String message) throws IOException {
        res.setHeader("WWW-Authenticate", "Basic realm=\"" + realm + "\", charset=\"UTF-8\"");
        plain(res, 401, message);
    }

    private static void plain(HttpServletResponse res, int status, String message) throws IOException {
        res.setStatus(status);
        res.setContentType("text/plain;charset=UTF-8");
        res.getWriter().write(message + "\n");
    }
}
