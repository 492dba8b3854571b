package dev.nubo.rest;

import dev.nubo.auth.api.IssuedTokens;
import jakarta.ws.rs.core.NewCookie;
import java.time.Duration;
import java.time.Instant;

/**
 * Browser sessions: the access and refresh tokens travel in HttpOnly cookies (Secure when the request came over
 * HTTPS); the CSRF token in a script-readable cookie that the web app echoes in {@value #CSRF_HEADER}.
 */
public final class Cookies {
    public static final String ACCESS = "nubo_access";
    public static final String REFRESH = "nubo_refresh";
    public static final String CSRF = "nubo_csrf";
    public static final String CSRF_HEADER = "X-CSRF-Token";
    static final String REFRESH_PATH = "/api/auth";

    private Cookies() {}

    static NewCookie[] issue(IssuedTokens t, boolean secure) {
        int accessAge = seconds(t.accessExpiresAt());
        int refreshAge = seconds(t.refreshExpiresAt());
        return new NewCookie[] {
            cookie(ACCESS, t.accessToken(), "/", accessAge, true, NewCookie.SameSite.LAX, secure),
            cookie(REFRESH, t.refreshToken(), REFRESH_PATH, refreshAge, true, NewCookie.SameSite.STRICT, secure),
            cookie(CSRF, t.csrfToken(), "/", refreshAge, false, NewCookie.SameSite.STRICT, secure)
        };
    }

    static NewCookie[] clear(boolean secure) {
        return new NewCookie[] {
            cookie(ACCESS, "", "/", 0, true, NewCookie.SameSite.LAX, secure),
            cookie(REFRESH, "", REFRESH_PATH, 0, true, NewCookie.SameSite.STRICT, secure),
            cookie(CSRF, "", "/", 0, false, NewCookie.SameSite.STRICT, secure)
        };
    }

    private static int seconds(Instant until) {
        return (int) Math.max(0, Duration.between(Instant.now(), until).toSeconds());
    }

    private static NewCookie cookie(
            String name,
            String value,
            String path,
            int maxAge,
            boolean httpOnly,
            NewCookie.SameSite sameSite,
            boolean secure) {
        return new NewCookie.Builder(name)
                .value(value)
                .path(path)
                .maxAge(maxAge)
                .httpOnly(httpOnly)
                .sameSite(sameSite)
                .secure(secure)
                .build();
    }
}
