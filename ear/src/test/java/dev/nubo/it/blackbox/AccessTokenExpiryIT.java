package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import dev.nubo.it.blackbox.Api.Tokens;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * NUBO_AUTH_ACCESS_TOKEN_TTL is honoured, in its own server (a 3 s lifetime would trip up the shared one): access
 * tokens expire on time, and the refresh token of the same session still brings a fresh one.
 */
@ExtendWith(ServerLogs.class)
class AccessTokenExpiryIT {
    static final int TTL_SECONDS = 3;
    static NuboProcess server;
    static Api api;

    @BeforeAll
    static void start() {
        server = NuboProcess.startHealthy(
                "short-tokens", Map.of("NUBO_AUTH_ACCESS_TOKEN_TTL", "PT" + TTL_SECONDS + "S"));
        api = server.api();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void anAccessTokenExpiresOnTimeAndTheSessionRefreshes() {
        TestUser u = api.newUser("expiry");
        Res login = api.login(u.username(), u.password()).expect(200);
        Tokens t = Tokens.of(login);
        assertThat(login.num("expiresIn")).isBetween(1L, (long) TTL_SECONDS);
        api.me(t.accessToken()).expect(200);

        NuboProcess.sleep(Duration.ofMillis(TTL_SECONDS * 1000L + 1500));

        Res expired = api.me(t.accessToken()).expect(401);
        assertThat(expired.header("WWW-Authenticate")).isNotBlank();
        Tokens fresh = Tokens.of(api.refresh(t.refreshToken()).expect(200));
        assertThat(fresh.sessionId()).isEqualTo(t.sessionId());
        api.me(fresh.accessToken()).expect(200);
    }

    @Test
    void theBrowserCookieLivesAsLongAsTheToken() {
        TestUser u = api.newUser("expirycookie");

        Res r = api.post("/api/auth/login")
                .json(MiniJson.obj("username", u.username(), "password", u.password(), "mode", "cookie"))
                .send()
                .expect(200);

        String maxAge = r.cookies().get("nubo_access").attr("Max-Age");
        assertThat(maxAge).as(r.cookies().get("nubo_access").raw()).isNotNull();
        assertThat(Long.parseLong(maxAge)).isBetween(0L, (long) TTL_SECONDS);
    }
}
