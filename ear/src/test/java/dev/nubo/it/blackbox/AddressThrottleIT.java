package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Per-address throttling, in its own server (every test client is 127.0.0.1, so tripping it would lock the whole
 * suite out of a shared one): after 4 failures from one address, with a different account name each time so no
 * account lock is involved, the address gets 429 for every account, even with the right password, on every way
 * of presenting it.
 */
@ExtendWith(ServerLogs.class)
class AddressThrottleIT {
    static final int THRESHOLD = 4;
    static NuboProcess server;
    static Api api;

    @BeforeAll
    static void start() {
        server = NuboProcess.startHealthy(
                "address-throttle",
                Map.of(
                        "NUBO_AUTH_ADDRESS_THROTTLE_THRESHOLD", String.valueOf(THRESHOLD),
                        "NUBO_AUTH_LOCKOUT_THRESHOLD", "100",
                        "NUBO_AUTH_LOCKOUT_BASE", "PT1M"));
        api = server.api();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void anAddressWithTooManyFailuresIsThrottledForEveryAccount() {
        for (int i = 1; i <= THRESHOLD; i++) {
            api.login(Api.uniqueName("spray"), "wrong-password").expectError(401, "invalid_credentials");
        }

        Res fresh = api.login(Api.uniqueName("spray"), "wrong-password").expectError(429, "too_many_attempts");
        assertThat(fresh.header("Retry-After")).isNotNull().matches("[1-9][0-9]*");

        api.login(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD).expectError(429, "too_many_attempts");
        Res rest = api.get("/api/auth/me")
                .basic(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD)
                .send();
        rest.expectError(429, "too_many_attempts");
        assertThat(rest.header("Retry-After")).isNotNull();
        Res dav = api.options("/dav/")
                .basic(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD)
                .send();
        assertThat(dav.status())
                .as("DAV while the address is throttled: %s", dav.body())
                .isEqualTo(429);
        assertThat(dav.header("Retry-After")).isNotNull();
    }
}
