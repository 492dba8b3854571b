package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import dev.nubo.it.blackbox.Api.Tokens;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HTTP Basic on the DAV and Nextcloud surfaces with the account password or an app password; revocation and
 * disabling take effect on the very next request, on every surface (one shared credential cache).
 */
@ExtendWith(SharedServer.class)
class BasicAuthIT {
    static final List<String> SURFACES = List.of("/dav/", "/nextcloud/");

    final Api api = SharedServer.api();

    @ParameterizedTest
    @ValueSource(strings = {"/dav/", "/nextcloud/"})
    void theAccountPasswordOpensTheSurface(String surface) {
        TestUser u = api.newUser("basic");

        api.options(surface).basic(u).send().expect(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dav/", "/nextcloud/", "/dav/files/x/", "/nextcloud/remote.php/dav/"})
    void withoutOrWithWrongCredentialsTheSurfaceChallengesForBasic(String path) {
        TestUser u = api.newUser("challenge");

        for (Res r : List.of(
                api.options(path).send(),
                api.options(path).basic(u.username(), u.password() + "-wrong").send(),
                api.options(path).header("Authorization", "Basic %%%").send(),
                api.options(path).bearer("some-token").send())) {
            r.expect(401);
            assertThat(r.header("WWW-Authenticate"))
                    .as("challenge of %s", r.request())
                    .startsWith("Basic realm=");
            assertThat(r.body()).doesNotContain("<html", "\tat ");
        }
    }

    @Test
    void anAppPasswordWorksOnEverySurfaceAndIsShownOnlyOnce() {
        TestUser u = api.newUser("apppw");

        Res created = api.post("/api/auth/app-passwords")
                .basic(u)
                .json(MiniJson.obj("label", "phone"))
                .send()
                .expect(201);
        String secret = created.str("password");
        assertThat(secret).isNotBlank().isNotEqualTo(u.password());
        assertThat(created.str("label")).isEqualTo("phone");
        assertThat(created.str("id")).isNotBlank();
        assertThat(created.str("createdAt")).isNotBlank();

        for (String surface : SURFACES) {
            api.options(surface).basic(u.username(), secret).send().expect(200);
        }
        assertThat(api.get("/api/auth/me")
                        .basic(u.username(), secret)
                        .send()
                        .expect(200)
                        .str("id"))
                .isEqualTo(u.id());

        Res list = api.get("/api/auth/app-passwords").basic(u).send().expect(200);
        assertThat(list.list("")).hasSize(1);
        assertThat(list.str("0.id")).isEqualTo(created.str("id"));
        assertThat(list.str("0.label")).isEqualTo("phone");
        assertThat(list.has("0.password"))
                .as("the list never shows the password")
                .isFalse();
        assertThat(list.body()).doesNotContain(secret);
    }

    @Test
    void anAppPasswordNeedsASensibleLabel() {
        TestUser u = api.newUser("applabel");

        for (String label : new String[] {"", "   ", "x".repeat(129), "line\nbreak"}) {
            api.post("/api/auth/app-passwords")
                    .basic(u)
                    .json(MiniJson.obj("label", label))
                    .send()
                    .expectError(400, "invalid_request");
        }
        api.post("/api/auth/app-passwords").basic(u).json("{}").send().expectError(400, "invalid_request");

        assertThat(api.get("/api/auth/app-passwords")
                        .basic(u)
                        .send()
                        .expect(200)
                        .list(""))
                .isEmpty();
    }

    @Test
    void anAppPasswordBelongsToItsUserOnly() {
        TestUser owner = api.newUser("appowner");
        TestUser other = api.newUser("appother");
        String secret = createAppPassword(owner, "laptop").get("password");

        api.options("/dav/").basic(other.username(), secret).send().expect(401);
    }

    @Test
    void revokingAnAppPasswordLocksItOutOfEverySurfaceAtOnce() {
        TestUser u = api.newUser("apprevoke");
        Map<String, String> app = createAppPassword(u, "sync client");
        String secret = app.get("password");
        // warm every surface, so the credential is cached everywhere it is used
        for (String surface : SURFACES) {
            api.options(surface).basic(u.username(), secret).send().expect(200);
        }
        api.get("/api/auth/me").basic(u.username(), secret).send().expect(200);

        api.delete("/api/auth/app-passwords/" + app.get("id")).basic(u).send().expect(204);

        for (String surface : SURFACES) {
            Res r = api.options(surface).basic(u.username(), secret).send();
            r.expect(401);
            assertThat(r.header("WWW-Authenticate")).startsWith("Basic realm=");
        }
        api.get("/api/auth/me").basic(u.username(), secret).send().expect(401);
        assertThat(api.get("/api/auth/app-passwords")
                        .basic(u)
                        .send()
                        .expect(200)
                        .list(""))
                .isEmpty();
        // the account password is unaffected
        api.options("/dav/").basic(u).send().expect(200);
    }

    @Test
    void anotherUsersAppPasswordCannotBeRevoked() {
        TestUser owner = api.newUser("appkeep");
        TestUser intruder = api.newUser("appintruder");
        Map<String, String> app = createAppPassword(owner, "tablet");

        api.delete("/api/auth/app-passwords/" + app.get("id"))
                .basic(intruder)
                .send()
                .expectError(404, "not_found");

        api.options("/nextcloud/")
                .basic(owner.username(), app.get("password"))
                .send()
                .expect(200);
    }

    @Test
    void anAppPasswordCannotCreateAppPasswords() {
        TestUser u = api.newUser("appnest");
        String secret = createAppPassword(u, "first").get("password");

        api.post("/api/auth/app-passwords")
                .basic(u.username(), secret)
                .json(MiniJson.obj("label", "second"))
                .send()
                .expect(403);

        assertThat(api.get("/api/auth/app-passwords").basic(u).send().list("")).hasSize(1);
    }

    @Test
    void disablingAUserCutsOffEveryCredentialAtOnce() {
        TestUser u = api.newUser("disable");
        String secret = createAppPassword(u, "desktop").get("password");
        Tokens tokens = api.tokens(u);
        // in use everywhere first, so every cache knows these credentials
        for (String surface : SURFACES) {
            api.options(surface).basic(u).send().expect(200);
            api.options(surface).basic(u.username(), secret).send().expect(200);
        }
        api.get("/api/auth/me").basic(u).send().expect(200);
        api.me(tokens.accessToken()).expect(200);

        api.patchUser(u.id(), MiniJson.obj("enabled", false)).expect(200);

        for (String surface : SURFACES) {
            api.options(surface).basic(u).send().expect(401);
            api.options(surface).basic(u.username(), secret).send().expect(401);
        }
        api.get("/api/auth/me").basic(u).send().expect(401);
        api.me(tokens.accessToken()).expect(401);
        api.refresh(tokens.refreshToken()).expect(401);
        api.login(u.username(), u.password()).expectError(401, "invalid_credentials");

        api.patchUser(u.id(), MiniJson.obj("enabled", true)).expect(200);
        api.options("/dav/").basic(u).send().expect(200);
        api.login(u.username(), u.password()).expect(200);
    }

    private Map<String, String> createAppPassword(TestUser u, String label) {
        Res r = api.post("/api/auth/app-passwords")
                .basic(u)
                .json(MiniJson.obj("label", label))
                .send()
                .expect(201);
        return Map.of("id", r.str("id"), "password", r.str("password"));
    }
}
