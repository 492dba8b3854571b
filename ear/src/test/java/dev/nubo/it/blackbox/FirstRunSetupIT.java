package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.SetCookie;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * First-run setup: the first admin created with a generated one-time password must choose a new one, and the
 * public GET /api/setup tells the sign-in page so until it has; an admin given NUBO_ADMIN_PASSWORD never must.
 */
@ExtendWith(SharedServer.class)
class FirstRunSetupIT {
    private static final Pattern ONE_TIME = Pattern.compile("one-time password: (\\S+)");

    @Test
    void aGeneratedAdminPassword_mustBeChanged_andChangingItEndsSetup() {
        Map<String, String> env = new HashMap<>();
        env.put("NUBO_ADMIN_PASSWORD", null);
        try (NuboProcess server = NuboProcess.startHealthy("first-run", env)) {
            Api api = server.api();
            Matcher m = ONE_TIME.matcher(server.output());
            assertThat(m.find())
                    .as("the one-time password in the log; %s", server.logHint())
                    .isTrue();
            String oneTime = m.group(1);

            Res setup = api.get("/api/setup").send().expect(200);
            assertThat(setup.bool("setupPending")).isTrue();
            assertThat(setup.header("Cache-Control")).contains("no-store");

            Res login = api.post("/api/auth/login")
                    .json(MiniJson.obj("username", NuboProcess.ADMIN_USER, "password", oneTime, "mode", "cookie"))
                    .send()
                    .expect(200);
            assertThat(login.bool("user.mustChangePassword")).isTrue();
            Map<String, SetCookie> c = login.cookies();
            String access = c.get("nubo_access").value();
            String csrf = c.get("nubo_csrf").value();
            assertThat(api.get("/api/auth/me")
                            .cookie("nubo_access", access)
                            .send()
                            .expect(200)
                            .bool("mustChangePassword"))
                    .isTrue();

            // refused changes change nothing
            changePassword(api, access, csrf, oneTime, "short").expectError(400, "invalid_request");
            changePassword(api, access, csrf, "wrong-" + oneTime, "a-New-Password-1")
                    .expectError(403, "wrong_password");
            api.post("/api/auth/password")
                    .cookie("nubo_access", access)
                    .cookie("nubo_csrf", csrf)
                    .json(MiniJson.obj("currentPassword", oneTime, "newPassword", "a-New-Password-1"))
                    .send()
                    .expect(403);
            assertThat(api.get("/api/setup").send().expect(200).bool("setupPending"))
                    .isTrue();

            changePassword(api, access, csrf, oneTime, "a-New-Password-1").expect(204);
            assertThat(api.get("/api/setup").send().expect(200).bool("setupPending"))
                    .isFalse();
            assertThat(api.get("/api/auth/me")
                            .cookie("nubo_access", access)
                            .send()
                            .expect(200)
                            .bool("mustChangePassword"))
                    .isFalse();
            Res again = api.login(NuboProcess.ADMIN_USER, "a-New-Password-1").expect(200);
            assertThat(again.bool("user.mustChangePassword")).isFalse();
        }
    }

    @Test
    void anAdminPasswordFromTheEnvironment_needsNoSetup() {
        Api api = SharedServer.api();
        assertThat(api.get("/api/setup").send().expect(200).bool("setupPending"))
                .isFalse();
        Res admin =
                api.login(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD).expect(200);
        assertThat(admin.bool("user.mustChangePassword")).isFalse();
        Api.TestUser u = api.newUser("setup-user");
        Res user = api.login(u.username(), u.password()).expect(200);
        assertThat(user.bool("user.mustChangePassword")).isFalse();
        assertThat(api.me(user.str("accessToken")).expect(200).bool("mustChangePassword"))
                .isFalse();
    }

    private static Res changePassword(Api api, String access, String csrf, String current, String fresh) {
        return api.post("/api/auth/password")
                .cookie("nubo_access", access)
                .cookie("nubo_csrf", csrf)
                .header("X-CSRF-Token", csrf)
                .json(MiniJson.obj("currentPassword", current, "newPassword", fresh))
                .send();
    }
}
