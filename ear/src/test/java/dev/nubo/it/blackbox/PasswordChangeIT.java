package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import dev.nubo.it.blackbox.Api.Tokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Changing one's password: the other sessions end at once, the current one stays, and the old password stops
 * working at once for sign-in and for Basic on every surface, even where it was cached.
 */
@ExtendWith(SharedServer.class)
class PasswordChangeIT {
    final Api api = SharedServer.api();

    @Test
    void changingThePasswordRevokesOtherSessionsAndTheOldPassword() {
        TestUser u = api.newUser("pwchange");
        Tokens current = api.tokens(u);
        Tokens other = api.tokens(u);
        // the old password is in use (and cached) on every surface
        api.me(other.accessToken()).expect(200);
        api.get("/api/auth/me").basic(u).send().expect(200);
        api.options("/dav/").basic(u).send().expect(200);
        api.options("/nextcloud/").basic(u).send().expect(200);
        String newPassword = "new-" + u.password();

        api.post("/api/auth/password")
                .bearer(current.accessToken())
                .json(MiniJson.obj("currentPassword", u.password(), "newPassword", newPassword))
                .send()
                .expect(204);

        api.me(other.accessToken()).expectError(401, "session_revoked");
        api.refresh(other.refreshToken()).expect(401);
        api.me(current.accessToken()).expect(200);

        api.login(u.username(), u.password()).expectError(401, "invalid_credentials");
        api.get("/api/auth/me").basic(u).send().expect(401);
        api.options("/dav/").basic(u).send().expect(401);
        api.options("/nextcloud/").basic(u).send().expect(401);

        TestUser changed = u.withPassword(newPassword);
        api.login(changed.username(), changed.password()).expect(200);
        api.options("/dav/").basic(changed).send().expect(200);
        api.get("/api/auth/me").basic(changed).send().expect(200);
    }

    @Test
    void theCurrentSessionCanStillRefreshAfterTheChange() {
        TestUser u = api.newUser("pwkeep");
        Tokens current = api.tokens(u);

        api.post("/api/auth/password")
                .bearer(current.accessToken())
                .json(MiniJson.obj("currentPassword", u.password(), "newPassword", "another-" + u.password()))
                .send()
                .expect(204);

        Tokens refreshed = Tokens.of(api.refresh(current.refreshToken()).expect(200));
        api.me(refreshed.accessToken()).expect(200);
    }

    @Test
    void aWrongCurrentPasswordIsRefusedAndChangesNothing() {
        TestUser u = api.newUser("pwwrong");
        Tokens current = api.tokens(u);
        Tokens other = api.tokens(u);

        api.post("/api/auth/password")
                .bearer(current.accessToken())
                .json(MiniJson.obj("currentPassword", "not-" + u.password(), "newPassword", "whatever-123"))
                .send()
                .expectError(403, "wrong_password");

        api.me(other.accessToken()).expect(200);
        api.login(u.username(), u.password()).expect(200);
        api.login(u.username(), "whatever-123").expect(401);
    }

    @Test
    void aTooShortNewPasswordIsRefusedAndChangesNothing() {
        TestUser u = api.newUser("pwshort");
        Tokens current = api.tokens(u);

        Res r = api.post("/api/auth/password")
                .bearer(current.accessToken())
                .json(MiniJson.obj("currentPassword", u.password(), "newPassword", "short"))
                .send()
                .expectError(400, "invalid_request");

        assertThat(r.body()).doesNotContain(u.password());
        api.login(u.username(), u.password()).expect(200);
    }

    @Test
    void missingFieldsAreAnInvalidRequest() {
        TestUser u = api.newUser("pwmissing");

        api.post("/api/auth/password")
                .basic(u)
                .json(MiniJson.obj("newPassword", "long-enough-1"))
                .send()
                .expectError(400, "invalid_request");
        api.login(u.username(), u.password()).expect(200);
    }
}
