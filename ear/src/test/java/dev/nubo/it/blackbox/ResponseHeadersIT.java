package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every response, on every surface, names the server instance and carries a request id. */
@ExtendWith(SharedServer.class)
class ResponseHeadersIT {
    final Api api = SharedServer.api();

    @Test
    void healthReportsTheInstanceItAlsoPutsInTheHeader() {
        Res health = api.get("/api/health").send().expect(200);

        assertThat(health.str("status")).isEqualTo("ok");
        assertThat(health.str("schemaVersion")).isNotBlank();
        assertThat(health.str("instance")).isNotBlank().isEqualTo(health.header("X-Nubo-Instance"));
        assertThat(health.header("Content-Type")).startsWith("application/json");
    }

    @Test
    void theInstanceHeaderIsTheSameOnEverySurfaceAndForEveryOutcome() {
        TestUser u = api.newUser("instance");
        String instance = api.get("/api/health").send().expect(200).str("instance");

        List<Res> responses = new ArrayList<>();
        responses.add(api.get("/api/auth/me").basic(u).send().expect(200));
        responses.add(api.get("/api/auth/me").send().expect(401));
        responses.add(api.get("/api/nowhere").send().expect(404));
        responses.add(api.options("/dav/").basic(u).send().expect(200));
        responses.add(api.options("/dav/").send().expect(401));
        responses.add(api.options("/nextcloud/").basic(u).send().expect(200));
        responses.add(api.options("/nextcloud/").send().expect(401));

        for (Res r : responses) {
            assertThat(r.header("X-Nubo-Instance"))
                    .as("X-Nubo-Instance of %s (%d)", r.request(), r.status())
                    .isEqualTo(instance);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/health", "/dav/", "/nextcloud/"})
    void aSaneClientRequestIdIsEchoed(String path) {
        String id = "it-" + Api.uniqueName("rid");

        Res r = request(path).header("X-Request-Id", id).send();

        assertThat(r.header("X-Request-Id")).isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/health", "/dav/", "/nextcloud/"})
    void withoutOrWithAnInsaneClientIdAFreshOneIsGenerated(String path) {
        String insane = "x".repeat(200);
        String injected = "abc def<script>";

        String none1 = request(path).send().header("X-Request-Id");
        String none2 = request(path).send().header("X-Request-Id");
        String forLong = request(path).header("X-Request-Id", insane).send().header("X-Request-Id");
        String forOdd = request(path).header("X-Request-Id", injected).send().header("X-Request-Id");

        assertThat(List.of(none1, none2, forLong, forOdd))
                .allSatisfy(id -> assertThat(id).isNotBlank().matches("[A-Za-z0-9._:-]{1,64}"));
        assertThat(new HashSet<>(List.of(none1, none2, forLong, forOdd)))
                .as("each generated id is new")
                .hasSize(4);
        assertThat(forLong).isNotEqualTo(insane);
        assertThat(forOdd).isNotEqualTo(injected);
    }

    /** GET on /api, OPTIONS (the one method they serve) on the DAV and Nextcloud surfaces; unauthenticated. */
    private Api.Req request(String path) {
        return path.startsWith("/api") ? api.get(path) : api.options(path);
    }
}
