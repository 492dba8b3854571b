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

/** User administration: admins only, create/read/update/delete, quotas, and the last enabled admin is kept. */
@ExtendWith(SharedServer.class)
class AdminApiIT {
    final Api api = SharedServer.api();

    @Test
    void ordinaryUsersAreForbidden() {
        TestUser u = api.newUser("notadmin");
        Tokens t = api.tokens(u);
        String wanted = Api.uniqueName("sneaky");

        api.get("/api/admin/users").bearer(t.accessToken()).send().expectError(403, "forbidden");
        api.get("/api/admin/users/" + u.id()).basic(u).send().expectError(403, "forbidden");
        api.post("/api/admin/users")
                .bearer(t.accessToken())
                .json(MiniJson.obj("username", wanted, "password", "long-enough-1", "role", "admin"))
                .send()
                .expectError(403, "forbidden");
        api.patch("/api/admin/users/" + u.id())
                .basic(u)
                .json(MiniJson.obj("role", "admin"))
                .send()
                .expectError(403, "forbidden");
        api.delete("/api/admin/users/" + u.id()).basic(u).send().expectError(403, "forbidden");

        assertThat(usernames(allUsers())).doesNotContain(wanted);
        assertThat(api.me(t.accessToken()).expect(200).str("role")).isEqualTo("user");
    }

    @Test
    void createReadUpdateDelete() {
        String name = Api.uniqueName("crud");
        Res created = api.asAdmin(api.post("/api/admin/users"))
                .json(MiniJson.obj(
                        "username",
                        name,
                        "password",
                        "crud-password-1",
                        "displayName",
                        "Crud User",
                        "email",
                        "crud@example.org"))
                .send()
                .expect(201);
        String id = created.str("id");
        assertThat(created.header("Location")).endsWith("/api/admin/users/" + id);
        assertThat(created.str("username")).isEqualTo(name);
        assertThat(created.str("displayName")).isEqualTo("Crud User");
        assertThat(created.str("email")).isEqualTo("crud@example.org");
        assertThat(created.str("role")).isEqualTo("user");
        assertThat(created.bool("enabled")).isTrue();
        assertThat(created.has("quotaBytes")).as("unlimited by default").isFalse();
        assertThat(created.body()).doesNotContain("crud-password-1");

        Res read = api.asAdmin(api.get(created.header("Location").replaceFirst("^https?://[^/]+", "")))
                .send()
                .expect(200);
        assertThat(read.str("id")).isEqualTo(id);
        assertThat(read.str("username")).isEqualTo(name);
        assertThat(usernames(allUsers())).contains(name);

        Res patched = api.patchUser(id, MiniJson.obj("displayName", "Renamed", "email", "renamed@example.org"))
                .expect(200);
        assertThat(patched.str("displayName")).isEqualTo("Renamed");
        assertThat(patched.str("email")).isEqualTo("renamed@example.org");
        assertThat(patched.str("username")).isEqualTo(name);
        assertThat(api.asAdmin(api.get("/api/admin/users/" + id)).send().str("displayName"))
                .isEqualTo("Renamed");
        Tokens t = api.tokens(name, "crud-password-1");
        api.options("/dav/").basic(name, "crud-password-1").send().expect(200); // cached from now on

        api.asAdmin(api.delete("/api/admin/users/" + id)).send().expect(204);

        api.options("/dav/").basic(name, "crud-password-1").send().expect(401);

        api.asAdmin(api.get("/api/admin/users/" + id)).send().expectError(404, "not_found");
        api.asAdmin(api.delete("/api/admin/users/" + id)).send().expectError(404, "not_found");
        api.me(t.accessToken()).expect(401);
        api.login(name, "crud-password-1").expectError(401, "invalid_credentials");
        assertThat(usernames(allUsers())).doesNotContain(name);
    }

    @Test
    void userNamesAreUniqueRegardlessOfCase() {
        TestUser u = api.newUser("dup");

        api.asAdmin(api.post("/api/admin/users"))
                .json(MiniJson.obj("username", u.username().toUpperCase(), "password", "another-password"))
                .send()
                .expectError(409, "username_taken");
        api.asAdmin(api.post("/api/admin/users"))
                .json(MiniJson.obj("username", u.username(), "password", "another-password"))
                .send()
                .expectError(409, "username_taken");

        api.login(u.username(), u.password()).expect(200);
    }

    @Test
    void aFailedCreateLeavesNoUserBehind() {
        String name = Api.uniqueName("failcreate");
        List<Map<String, Object>> invalid = List.of(
                Map.of("email", "not-an-address"),
                Map.of("quotaBytes", -1),
                Map.of("role", "superuser"),
                Map.of("password", "short"),
                Map.of("displayName", "bad\u0001name"));
        for (Map<String, Object> bad : invalid) {
            Map<String, Object> body =
                    new java.util.LinkedHashMap<>(Map.of("username", name, "password", "valid-password-1"));
            body.putAll(bad);
            api.asAdmin(api.post("/api/admin/users"))
                    .json(MiniJson.write(body))
                    .send()
                    .expectError(400, "invalid_request");
        }
        assertThat(usernames(allUsers())).doesNotContain(name);

        api.asAdmin(api.post("/api/admin/users"))
                .json(MiniJson.obj("username", name, "password", "valid-password-1"))
                .send()
                .expect(201);
    }

    @Test
    void aFractionalQuotaIsRefusedOnCreateAsOnUpdate() {
        String name = Api.uniqueName("fraction");

        api.asAdmin(api.post("/api/admin/users"))
                .json(MiniJson.obj("username", name, "password", "valid-password-1", "quotaBytes", 1.5))
                .send()
                .expectError(400, "invalid_request");

        assertThat(usernames(allUsers())).doesNotContain(name);
    }

    @Test
    void quotaCanBeSetAndLiftedButNotMadeNegative() {
        TestUser u = api.newUser("quota", "quotaBytes", 1000);
        assertThat(api.asAdmin(api.get("/api/admin/users/" + u.id()))
                        .send()
                        .expect(200)
                        .num("quotaBytes"))
                .isEqualTo(1000L);
        assertThat(api.tokens(u).userId()).isEqualTo(u.id());

        assertThat(api.patchUser(u.id(), MiniJson.obj("quotaBytes", 5_000_000_000L))
                        .expect(200)
                        .num("quotaBytes"))
                .isEqualTo(5_000_000_000L);
        api.patchUser(u.id(), MiniJson.obj("quotaBytes", -1)).expectError(400, "invalid_request");
        api.patchUser(u.id(), MiniJson.obj("quotaBytes", "lots")).expectError(400, "invalid_request");
        api.patchUser(u.id(), MiniJson.obj("quotaBytes", 2.5)).expectError(400, "invalid_request");
        assertThat(api.asAdmin(api.get("/api/admin/users/" + u.id())).send().num("quotaBytes"))
                .isEqualTo(5_000_000_000L);

        Res lifted = api.patchUser(u.id(), "{\"quotaBytes\":null}").expect(200);
        assertThat(lifted.has("quotaBytes"))
                .as("null means unlimited: " + lifted.body())
                .isFalse();
        assertThat(api.asAdmin(api.get("/api/admin/users/" + u.id())).send().has("quotaBytes"))
                .isFalse();
        assertThat(lifted.num("usedBytes")).isZero();
    }

    @Test
    void patchRefusesUnknownFieldsAndChangesNothing() {
        TestUser u = api.newUser("patchunknown", "displayName", "Before");

        api.patchUser(u.id(), MiniJson.obj("displayName", "After", "password", "sneaky-password"))
                .expectError(400, "invalid_request");
        api.patchUser(u.id(), MiniJson.obj("username", "renamed-" + u.username()))
                .expectError(400, "invalid_request");
        api.patchUser(u.id(), MiniJson.obj("enabled", "yes")).expectError(400, "invalid_request");
        api.patchUser(u.id(), MiniJson.obj("role", "root")).expectError(400, "invalid_request");

        Res now = api.asAdmin(api.get("/api/admin/users/" + u.id())).send().expect(200);
        assertThat(now.str("displayName")).isEqualTo("Before");
        assertThat(now.str("role")).isEqualTo("user");
        assertThat(now.bool("enabled")).isTrue();
        api.login(u.username(), u.password()).expect(200);
        api.login(u.username(), "sneaky-password").expect(401);
    }

    @Test
    void unknownUserIdsAreNotFound() {
        String id = UUID.randomUUID().toString();
        api.asAdmin(api.get("/api/admin/users/" + id)).send().expectError(404, "not_found");
        api.patchUser(id, MiniJson.obj("displayName", "x")).expectError(404, "not_found");
        api.asAdmin(api.delete("/api/admin/users/" + id)).send().expectError(404, "not_found");
    }

    @Test
    void theListIsPaged() {
        api.newUser("page");
        api.newUser("page");
        Res all = api.asAdmin(api.get("/api/admin/users?offset=0&limit=500"))
                .send()
                .expect(200);
        long total = all.num("total");
        assertThat(total).isGreaterThanOrEqualTo(3);
        assertThat(all.num("offset")).isZero();
        assertThat(all.num("limit")).isEqualTo(500L);
        if (total <= 500) {
            assertThat(all.list("users")).hasSize((int) total);
        }

        Res one =
                api.asAdmin(api.get("/api/admin/users?offset=1&limit=1")).send().expect(200);
        assertThat(one.list("users")).hasSize(1);
        assertThat(one.num("total")).isGreaterThanOrEqualTo(total);
        assertThat(one.str("users.0.id"))
                .isNotEqualTo(api.asAdmin(api.get("/api/admin/users?offset=0&limit=1"))
                        .send()
                        .str("users.0.id"));

        Res beyond = api.asAdmin(api.get("/api/admin/users?offset=100000&limit=10"))
                .send()
                .expect(200);
        assertThat(beyond.list("users")).isEmpty();
        api.asAdmin(api.get("/api/admin/users?offset=-1")).send().expectError(400, "invalid_request");
        api.asAdmin(api.get("/api/admin/users?limit=0")).send().expectError(400, "invalid_request");
    }

    @Test
    void promotionGrantsAndDemotionWithdrawsAdminRightsAtOnce() {
        TestUser u = api.newUser("promote");
        Tokens t = api.tokens(u);
        api.get("/api/admin/users").bearer(t.accessToken()).send().expect(403);
        try {
            assertThat(api.patchUser(u.id(), MiniJson.obj("role", "admin"))
                            .expect(200)
                            .str("role"))
                    .isEqualTo("admin");
            api.get("/api/admin/users").bearer(t.accessToken()).send().expect(200);
            api.get("/api/admin/users").basic(u).send().expect(200);
        } finally {
            api.patchUser(u.id(), MiniJson.obj("role", "user")).expect(200);
        }
        api.get("/api/admin/users").bearer(t.accessToken()).send().expectError(403, "forbidden");
        api.get("/api/admin/users").basic(u).send().expectError(403, "forbidden");
    }

    @Test
    void theLastEnabledAdminCannotBeDisabledDemotedOrDeleted() {
        Res admins = allUsers();
        List<?> enabledAdmins = admins.list("users").stream()
                .map(o -> (Map<?, ?>) o)
                .filter(m -> "admin".equals(m.get("role")) && Boolean.TRUE.equals(m.get("enabled")))
                .toList();
        assertThat(enabledAdmins)
                .as("precondition: the bootstrap admin is the only enabled admin")
                .hasSize(1);
        String adminId = (String) ((Map<?, ?>) enabledAdmins.get(0)).get("id");

        api.patchUser(adminId, MiniJson.obj("enabled", false)).expectError(409, "last_admin");
        api.patchUser(adminId, MiniJson.obj("role", "user")).expectError(409, "last_admin");
        api.asAdmin(api.delete("/api/admin/users/" + adminId)).send().expectError(409, "last_admin");

        Res me = api.asAdmin(api.get("/api/auth/me")).send().expect(200);
        assertThat(me.str("role")).isEqualTo("admin");
        assertThat(me.bool("enabled")).isTrue();
    }

    @Test
    void anAdminCanBeDisabledWhileAnotherRemains() {
        TestUser second = api.newUser("admin2", "role", "admin");
        try {
            Tokens t = api.tokens(second);
            api.get("/api/admin/users").bearer(t.accessToken()).send().expect(200);

            assertThat(api.patchUser(second.id(), MiniJson.obj("enabled", false))
                            .expect(200)
                            .bool("enabled"))
                    .isFalse();

            api.get("/api/admin/users").bearer(t.accessToken()).send().expect(401);
        } finally {
            api.asAdmin(api.delete("/api/admin/users/" + second.id())).send().expect(204);
        }
    }

    private Res allUsers() {
        return api.asAdmin(api.get("/api/admin/users?offset=0&limit=500"))
                .send()
                .expect(200);
    }

    private static List<String> usernames(Res page) {
        return page.list("users").stream()
                .map(o -> (String) ((Map<?, ?>) o).get("username"))
                .toList();
    }
}
