package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Req;
import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.SetCookie;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Browser sessions: tokens only in HttpOnly cookies, a readable CSRF cookie, and the double-submit rule that every
 * cookie-authenticated unsafe request must echo the CSRF token in X-CSRF-Token.
 */
@ExtendWith(SharedServer.class)
class CookieSessionIT {
    final Api api = SharedServer.api();

    /** The cookies of one browser session. */
    record Browser(String access, String refresh, String csrf, String sessionId) {}

    @Test
    void cookieLoginPutsTheTokensInCookiesOnly() {
        TestUser u = api.newUser("cookie");

        Res r = cookieLogin(u).expect(200);

        assertThat(r.has("accessToken")).as("no access token in the body").isFalse();
        assertThat(r.has("refreshToken")).as("no refresh token in the body").isFalse();
        assertThat(r.str("csrfToken")).isNotBlank();
        assertThat(r.str("user.username")).isEqualTo(u.username());
        Map<String, SetCookie> c = r.cookies();
        assertThat(c).containsKeys("nubo_access", "nubo_refresh", "nubo_csrf");

        SetCookie access = c.get("nubo_access");
        assertThat(access.value()).isNotBlank();
        assertThat(access.flag("HttpOnly")).as(access.raw()).isTrue();
        assertThat(access.attr("Path")).as(access.raw()).isEqualTo("/");
        assertThat(access.attr("SameSite")).as(access.raw()).isEqualToIgnoringCase("Lax");

        SetCookie refresh = c.get("nubo_refresh");
        assertThat(refresh.value()).isNotBlank().isNotEqualTo(access.value());
        assertThat(refresh.flag("HttpOnly")).as(refresh.raw()).isTrue();
        assertThat(refresh.attr("Path")).as(refresh.raw()).isEqualTo("/api/auth");
        assertThat(refresh.attr("SameSite")).as(refresh.raw()).isEqualToIgnoringCase("Strict");

        SetCookie csrf = c.get("nubo_csrf");
        assertThat(csrf.value()).isEqualTo(r.str("csrfToken"));
        assertThat(csrf.flag("HttpOnly"))
                .as("the web app must read it: " + csrf.raw())
                .isFalse();
        assertThat(csrf.attr("SameSite")).as(csrf.raw()).isEqualToIgnoringCase("Strict");
    }

    @Test
    void safeRequestsNeedOnlyTheCookie() {
        TestUser u = api.newUser("cookieget");
        Browser b = browser(u);

        assertThat(api.get("/api/auth/me")
                        .cookie("nubo_access", b.access())
                        .send()
                        .expect(200)
                        .str("username"))
                .isEqualTo(u.username());
    }

    @Test
    void unsafeRequestsNeedTheCsrfHeader() {
        TestUser u = api.newUser("cookiecsrf");
        Browser b = browser(u);
        String label = MiniJson.obj("label", "from the browser");

        withCookie(api.post("/api/auth/app-passwords"), b).json(label).send().expect(403);
        withCookie(api.post("/api/auth/app-passwords"), b)
                .header("X-CSRF-Token", "forged")
                .json(label)
                .send()
                .expect(403);
        withCookie(api.post("/api/auth/app-passwords"), b)
                .header("X-CSRF-Token", "")
                .json(label)
                .send()
                .expect(403);
        assertThat(api.get("/api/auth/app-passwords").basic(u).send().list(""))
                .as("nothing created without CSRF")
                .isEmpty();

        withCookie(api.post("/api/auth/app-passwords"), b)
                .header("X-CSRF-Token", b.csrf())
                .json(label)
                .send()
                .expect(201);
    }

    @Test
    void anotherSessionsCsrfTokenDoesNotCount() {
        TestUser u = api.newUser("cookiecross");
        Browser mine = browser(u);
        Browser theirs = browser(u);

        withCookie(api.post("/api/auth/logout"), mine)
                .header("X-CSRF-Token", theirs.csrf())
                .send()
                .expect(403);

        api.get("/api/auth/me").cookie("nubo_access", mine.access()).send().expect(200);
    }

    @Test
    void logoutWithoutCsrfIsRefusedAndWithItEndsTheSession() {
        TestUser u = api.newUser("cookielogout");
        Browser b = browser(u);

        withCookie(api.post("/api/auth/logout"), b).send().expect(403);
        api.get("/api/auth/me").cookie("nubo_access", b.access()).send().expect(200);

        Res out = withCookie(api.post("/api/auth/logout"), b)
                .header("X-CSRF-Token", b.csrf())
                .send()
                .expect(204);

        assertThat(out.cookies().get("nubo_access"))
                .as("the access cookie is cleared")
                .isNotNull();
        assertThat(out.cookies().get("nubo_access").value()).isEmpty();
        api.get("/api/auth/me").cookie("nubo_access", b.access()).send().expect(401);
    }

    @Test
    void refreshWithTheCookieNeedsTheCsrfHeaderAndRotates() {
        TestUser u = api.newUser("cookierefresh");
        Browser b = browser(u);

        refresh(b, null).expect(403);
        refresh(b, "forged").expect(403);

        Res r = refresh(b, b.csrf()).expect(200);
        assertThat(r.has("accessToken")).isFalse();
        assertThat(r.has("refreshToken")).isFalse();
        Map<String, SetCookie> c = r.cookies();
        assertThat(c.get("nubo_access").value()).isNotBlank().isNotEqualTo(b.access());
        assertThat(c.get("nubo_refresh").value()).isNotBlank().isNotEqualTo(b.refresh());
        assertThat(c.get("nubo_refresh").attr("Path")).isEqualTo("/api/auth");
        api.get("/api/auth/me")
                .cookie("nubo_access", c.get("nubo_access").value())
                .send()
                .expect(200);

        // the old refresh cookie is now a reused token: the session is revoked
        refresh(b, b.csrf()).expectError(401, "refresh_token_reused");
        api.get("/api/auth/me")
                .cookie("nubo_access", c.get("nubo_access").value())
                .send()
                .expect(401);
    }

    private Res cookieLogin(TestUser u) {
        return api.post("/api/auth/login")
                .json(MiniJson.obj("username", u.username(), "password", u.password(), "mode", "cookie"))
                .send();
    }

    private Browser browser(TestUser u) {
        Res r = cookieLogin(u).expect(200);
        Map<String, SetCookie> c = r.cookies();
        return new Browser(
                c.get("nubo_access").value(),
                c.get("nubo_refresh").value(),
                c.get("nubo_csrf").value(),
                r.str("sessionId"));
    }

    /** What a browser sends to paths under /api/auth: all three cookies. */
    private static Req withCookie(Req r, Browser b) {
        return r.cookie("nubo_access", b.access())
                .cookie("nubo_refresh", b.refresh())
                .cookie("nubo_csrf", b.csrf());
    }

    private Res refresh(Browser b, String csrfHeader) {
        Req r = withCookie(api.post("/api/auth/refresh"), b).json("{}");
        if (csrfHeader != null) {
            r.header("X-CSRF-Token", csrfHeader);
        }
        return r.send();
    }
}
