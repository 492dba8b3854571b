package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import dev.nubo.it.blackbox.Api.Tokens;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Sign-out and revoking one's own sessions: the access token stops working on the very next request. */
@ExtendWith(SharedServer.class)
class SessionRevocationIT {
    final Api api = SharedServer.api();

    @Test
    void logoutEndsTheSessionAtOnce() {
        TestUser u = api.newUser("logout");
        Tokens t = api.tokens(u);
        Tokens other = api.tokens(u);
        api.me(t.accessToken()).expect(200);

        api.post("/api/auth/logout").bearer(t.accessToken()).send().expect(204);

        api.me(t.accessToken()).expectError(401, "session_revoked");
        api.refresh(t.refreshToken()).expect(401);
        api.me(other.accessToken()).expect(200);
    }

    @Test
    void theSessionListShowsEachSignInAndMarksTheCurrentOne() {
        TestUser u = api.newUser("sessions");
        Tokens first = api.tokens(u);
        Tokens second = Tokens.of(api.post("/api/auth/login")
                .header("User-Agent", "nubo-it-agent/1.0")
                .json(MiniJson.obj("username", u.username(), "password", u.password()))
                .send()
                .expect(200));

        Res r = api.get("/api/auth/sessions")
                .bearer(second.accessToken())
                .send()
                .expect(200);

        List<Map<?, ?>> sessions = sessions(r);
        assertThat(ids(sessions)).containsExactlyInAnyOrder(first.sessionId(), second.sessionId());
        Map<?, ?> current = byId(sessions, second.sessionId());
        assertThat(current.get("current")).isEqualTo(true);
        assertThat(byId(sessions, first.sessionId()).get("current")).isEqualTo(false);
        assertThat(current.get("kind")).isEqualTo("token");
        assertThat(current.get("userAgent")).isEqualTo("nubo-it-agent/1.0");
        assertThat(current.get("clientAddress")).isEqualTo("127.0.0.1");
        for (String field : List.of("createdAt", "lastSeenAt", "expiresAt")) {
            assertThat(current.get(field)).as(field).isInstanceOf(String.class);
        }
    }

    @Test
    void revokingASessionEndsItAtOnceAndKeepsTheCallersOwn() {
        TestUser u = api.newUser("revoke");
        Tokens victim = api.tokens(u);
        Tokens caller = api.tokens(u);
        api.me(victim.accessToken()).expect(200);

        api.delete("/api/auth/sessions/" + victim.sessionId())
                .bearer(caller.accessToken())
                .send()
                .expect(204);

        api.me(victim.accessToken()).expectError(401, "session_revoked");
        api.refresh(victim.refreshToken()).expect(401);
        api.me(caller.accessToken()).expect(200);
        Res list = api.get("/api/auth/sessions")
                .bearer(caller.accessToken())
                .send()
                .expect(200);
        assertThat(ids(sessions(list))).containsExactly(caller.sessionId());
    }

    @Test
    void anotherUsersSessionCannotBeRevoked() {
        TestUser owner = api.newUser("sessowner");
        TestUser intruder = api.newUser("sessintruder");
        Tokens ownerTokens = api.tokens(owner);
        Tokens intruderTokens = api.tokens(intruder);

        api.delete("/api/auth/sessions/" + ownerTokens.sessionId())
                .bearer(intruderTokens.accessToken())
                .send()
                .expectError(404, "not_found");
        api.delete("/api/auth/sessions/" + UUID.randomUUID())
                .bearer(intruderTokens.accessToken())
                .send()
                .expect(404);

        api.me(ownerTokens.accessToken()).expect(200);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<?, ?>> sessions(Res r) {
        return (List<Map<?, ?>>) (List<?>) r.list("");
    }

    private static List<String> ids(List<Map<?, ?>> sessions) {
        return sessions.stream().map(s -> (String) s.get("id")).toList();
    }

    private static Map<?, ?> byId(List<Map<?, ?>> sessions, String id) {
        return sessions.stream().filter(s -> id.equals(s.get("id"))).findFirst().orElseThrow();
    }
}
