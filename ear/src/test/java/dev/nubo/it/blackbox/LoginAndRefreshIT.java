package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import dev.nubo.it.blackbox.Api.Tokens;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Token-mode sign-in, refresh-token rotation, and reuse detection that revokes the whole session. */
@ExtendWith(SharedServer.class)
class LoginAndRefreshIT {
    final Api api = SharedServer.api();

    @Test
    void loginReturnsBearerTokensAndTheUser() {
        TestUser u = api.newUser("login", "displayName", "Login Tester", "email", "login@example.org");

        Res r = api.login(u.username(), u.password()).expect(200);

        assertThat(r.str("tokenType")).isEqualTo("Bearer");
        assertThat(r.str("accessToken")).isNotBlank();
        assertThat(r.str("refreshToken")).isNotBlank().isNotEqualTo(r.str("accessToken"));
        assertThat(r.num("expiresIn")).isBetween(1L, 600L);
        assertThat(r.num("refreshExpiresIn")).isGreaterThan(r.num("expiresIn"));
        assertThat(UUID.fromString(r.str("sessionId"))).isNotNull();
        assertThat(r.has("csrfToken")).as("csrfToken only in cookie mode").isFalse();
        assertThat(r.str("user.id")).isEqualTo(u.id());
        assertThat(r.str("user.username")).isEqualTo(u.username());
        assertThat(r.str("user.displayName")).isEqualTo("Login Tester");
        assertThat(r.str("user.email")).isEqualTo("login@example.org");
        assertThat(r.str("user.role")).isEqualTo("user");
        assertThat(r.bool("user.enabled")).isTrue();
        assertThat(r.num("user.usedBytes")).isZero();
        assertThat(r.str("user.createdAt")).isNotBlank();
        assertThat(r.body()).doesNotContain(u.password());

        Res me = api.me(r.str("accessToken")).expect(200);
        assertThat(me.str("id")).isEqualTo(u.id());
        assertThat(me.str("username")).isEqualTo(u.username());
    }

    @Test
    void wrongPasswordAndUnknownUserGetTheSameAnswer() {
        TestUser u = api.newUser("samefail");

        Res wrongPassword = api.login(u.username(), "not-the-password").expectError(401, "invalid_credentials");
        Res unknownUser =
                api.login(Api.uniqueName("nobody"), "not-the-password").expectError(401, "invalid_credentials");

        assertThat(unknownUser.body()).isEqualTo(wrongPassword.body());
        assertThat(unknownUser.header("WWW-Authenticate")).isEqualTo(wrongPassword.header("WWW-Authenticate"));
    }

    @Test
    void requestsWithoutCredentialsAreChallenged() {
        Res r = api.get("/api/auth/me").send().expectError(401, "authentication_required");
        assertThat(r.header("WWW-Authenticate")).isNotBlank();

        Res bogus = api.me("not-a-token").expect(401);
        assertThat(bogus.header("WWW-Authenticate")).isNotBlank();
    }

    @Test
    void basicAuthWithTheAccountPasswordWorksOnRest() {
        TestUser u = api.newUser("restbasic");

        assertThat(api.get("/api/auth/me").basic(u).send().expect(200).str("username"))
                .isEqualTo(u.username());
        api.get("/api/auth/me").basic(u.username(), u.password() + "x").send().expectError(401, "invalid_credentials");
    }

    @Test
    void refreshRotatesBothTokensWithinTheSameSession() {
        TestUser u = api.newUser("rotate");
        Tokens first = api.tokens(u);

        Res r = api.refresh(first.refreshToken()).expect(200);
        Tokens second = Tokens.of(r);

        assertThat(r.str("tokenType")).isEqualTo("Bearer");
        assertThat(second.sessionId()).isEqualTo(first.sessionId());
        assertThat(second.refreshToken()).isNotBlank().isNotEqualTo(first.refreshToken());
        assertThat(second.accessToken()).isNotBlank().isNotEqualTo(first.accessToken());
        assertThat(api.me(second.accessToken()).expect(200).str("id")).isEqualTo(u.id());

        // the rotated token keeps rotating
        Tokens third = Tokens.of(api.refresh(second.refreshToken()).expect(200));
        assertThat(third.refreshToken()).isNotEqualTo(second.refreshToken()).isNotEqualTo(first.refreshToken());
        api.me(third.accessToken()).expect(200);
    }

    @Test
    void reusingARotatedRefreshTokenRevokesTheWholeSession() {
        TestUser u = api.newUser("reuse");
        Tokens first = api.tokens(u);
        Tokens other = api.tokens(u); // a second, unrelated session of the same user
        Tokens second = Tokens.of(api.refresh(first.refreshToken()).expect(200));
        api.me(second.accessToken()).expect(200); // in use, so any cache knows it

        api.refresh(first.refreshToken()).expectError(401, "refresh_token_reused");

        api.me(second.accessToken()).expectError(401, "session_revoked");
        api.me(first.accessToken()).expectError(401, "session_revoked");
        api.refresh(second.refreshToken()).expect(401);
        // only that session's family is affected
        api.me(other.accessToken()).expect(200);
        api.refresh(other.refreshToken()).expect(200);
    }

    @Test
    void anUnknownRefreshTokenIsRefused() {
        api.refresh("certainly-not-a-refresh-token").expect(401);
        api.post("/api/auth/refresh").json("{}").send().expect(401);
    }
}
