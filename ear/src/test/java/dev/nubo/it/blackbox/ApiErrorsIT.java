package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Req;
import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.function.Function;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Client errors on /api come back as 4xx with {"error": code, "message": text} and a JSON content type: never a
 * 500, an HTML page or a stack trace.
 */
@ExtendWith(SharedServer.class)
class ApiErrorsIT {
    static final int MIB = 1024 * 1024;

    final Api api = SharedServer.api();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"username\":\"a\",\"password\":\"b\"",
                "{",
                "[]",
                "\"text\"",
                "{\"username\":}",
                "nonsense",
                ""
            })
    void malformedJsonIsABadRequest(String body) {
        assertCleanError(api.post("/api/auth/login").json(body).send(), 400, "malformed_json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"username\":\"someone\"}", "{\"password\":\"something\"}", "null"})
    void missingFieldsAreAnInvalidRequest(String body) {
        assertCleanError(api.post("/api/auth/login").json(body).send(), 400, "invalid_request");
    }

    @Test
    void anUnknownLoginModeIsAnInvalidRequest() {
        TestUser u = api.newUser("badmode");
        assertCleanError(
                api.post("/api/auth/login")
                        .json(MiniJson.obj("username", u.username(), "password", u.password(), "mode", "magic"))
                        .send(),
                400,
                "invalid_request");
    }

    /** Every JSON-taking endpoint, with a request that would otherwise be accepted. */
    static Stream<Arguments> jsonEndpoints() {
        Function<Api, Req> login = a -> a.post("/api/auth/login");
        Function<Api, Req> createUser = a -> a.asAdmin(a.post("/api/admin/users"));
        Function<Api, Req> patchUser = a ->
                a.asAdmin(a.patch("/api/admin/users/" + a.newUser("patchme").id()));
        Function<Api, Req> appPassword = a -> a.asAdmin(a.post("/api/auth/app-passwords"));
        Function<Api, Req> password = a -> a.asAdmin(a.post("/api/auth/password"));
        return Stream.of(
                Arguments.of("login", login),
                Arguments.of("create user", createUser),
                Arguments.of("patch user", patchUser),
                Arguments.of("app password", appPassword),
                Arguments.of("password change", password));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonEndpoints")
    void everyJsonEndpointRefusesMalformedJsonCleanly(String name, Function<Api, Req> endpoint) {
        SoftAssertions softly = new SoftAssertions();
        for (String body : new String[] {"{", "{\"displayName\":", "[]", "null", "\"x\""}) {
            Res r = endpoint.apply(api).json(body).send();
            softly.assertThat(r.status() == 400 && isCleanClientError(r))
                    .as(
                            "%s with body %s answers a clean 400; got %d %s: %s",
                            name, body, r.status(), r.header("Content-Type"), abbreviate(r.body()))
                    .isTrue();
        }
        softly.assertAll();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonEndpoints")
    void everyJsonEndpointRefusesOtherContentTypes(String name, Function<Api, Req> endpoint) {
        assertCleanError(endpoint.apply(api).body("text/plain", "{}").send(), 415, "unsupported_media_type");
        assertCleanError(
                endpoint.apply(api)
                        .body("application/x-www-form-urlencoded", "a=b")
                        .send(),
                415,
                "unsupported_media_type");
    }

    @Test
    void aBodyOverOneMebibyteIsTooLarge() {
        String big = "{\"username\":\"" + "x".repeat(MIB) + "\",\"password\":\"y\"}";

        assertCleanError(api.post("/api/auth/login").json(big).send(), 413, "body_too_large");
    }

    @Test
    void aChunkedBodyOverOneMebibyteIsTooLarge() {
        byte[] big = ("{\"username\":\"" + "x".repeat(MIB + 10) + "\",\"password\":\"y\"}").getBytes();

        Res r = api.post("/api/auth/login")
                .body("application/json", BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .send();

        assertCleanError(r, 413, "body_too_large");
    }

    @Test
    void aBodyJustUnderTheLimitIsRead() {
        String body = MiniJson.obj("username", "u" + "x".repeat(MIB - 100), "password", "whatever-1");
        assertThat(body.length()).isLessThan(MIB);

        // read and judged on its merits: not too large, just a wrong (over-long) user name
        Res r = api.post("/api/auth/login").json(body).send();
        assertCleanClientError(r);
        assertThat(r.status()).isNotEqualTo(413);
    }

    @Test
    void unknownPathsAndMethodsAreJsonErrors() {
        assertCleanError(api.get("/api/does-not-exist").send(), 404, "not_found");
        assertCleanError(api.delete("/api/health").send(), 405, "method_not_allowed");
        Res badId = api.asAdmin(api.get("/api/admin/users/not-a-uuid")).send();
        assertCleanClientError(badId);
        assertThat(badId.status()).isIn(400, 404);
    }

    @Test
    void badAuthorizationHeadersAreUnauthorized() {
        for (String header : new String[] {
            "Bearer not.a.token",
            "Bearer ",
            "Digest abc",
            "Basic !!!",
            "Basic " + java.util.Base64.getEncoder().encodeToString("nocolon".getBytes())
        }) {
            Res r = api.get("/api/auth/me").header("Authorization", header).send();
            assertCleanClientError(r);
            assertThat(r.status()).as("Authorization: %s", header).isEqualTo(401);
            assertThat(r.header("WWW-Authenticate"))
                    .as("challenge for Authorization: %s", header)
                    .isNotBlank();
        }
    }

    @Test
    void anOverlongRefreshTokenIsRefusedCleanly() {
        assertCleanError(api.refresh("r".repeat(5000)), 401, "invalid_refresh_token");
    }

    private static void assertCleanError(Res r, int status, String code) {
        assertCleanClientError(r);
        r.expectError(status, code);
    }

    /** A 4xx with the JSON error shape, nothing else. */
    static void assertCleanClientError(Res r) {
        assertThat(r.status())
                .as("status of %s; body: %s", r.request(), abbreviate(r.body()))
                .isBetween(400, 499);
        assertThat(r.header("Content-Type"))
                .as("Content-Type of %s; body: %s", r.request(), abbreviate(r.body()))
                .startsWith("application/json");
        assertThat(r.body()).as("body of %s", r.request()).doesNotContain("<html", "<!DOCTYPE", "\tat ", "Exception");
        assertThat(r.str("error"))
                .as("error code of %s; body: %s", r.request(), abbreviate(r.body()))
                .isNotBlank();
        assertThat(r.str("message")).as("message of %s", r.request()).isNotBlank();
    }

    private static boolean isCleanClientError(Res r) {
        try {
            assertCleanClientError(r);
            return true;
        } catch (AssertionError | IllegalArgumentException e) {
            return false;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }
}
