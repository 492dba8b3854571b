package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runtime server settings: admins only, all-or-nothing PATCH, reset to the environment's value, the default quota
 * applied to the next user created, and the trash retention used by the very next maintenance round. Its own server
 * (maintenance every 2 s, retention 30 days from the environment), since it changes server-wide defaults.
 */
@ExtendWith(ServerLogs.class)
class AdminSettingsIT {
    static final Map<String, String> SETTINGS = Map.of(
            "NUBO_TRASH_RETENTION_DAYS", "30",
            "NUBO_MAINTENANCE_INTERVAL", "PT2S");

    static NuboProcess server;
    static Api api;

    @BeforeAll
    static void start() {
        server = NuboProcess.startHealthy("admin-settings", SETTINGS);
        api = server.api();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private static Res settings() {
        return api.asAdmin(api.get("/api/admin/settings")).send().expect(200);
    }

    private static Res patch(String json) {
        return api.asAdmin(api.patch("/api/admin/settings")).json(json).send();
    }

    private static Map<?, ?> setting(Res r, String key) {
        return r.list("settings").stream()
                .map(o -> (Map<?, ?>) o)
                .filter(m -> key.equals(m.get("key")))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void onlyAdminsSeeOrChangeSettings() {
        TestUser u = api.newUser("plain");
        api.get("/api/admin/settings").send().expectError(401, "authentication_required");
        api.get("/api/admin/settings").basic(u).send().expectError(403, "forbidden");
        api.patch("/api/admin/settings")
                .basic(u)
                .json(MiniJson.obj("trashRetentionDays", 1))
                .send()
                .expectError(403, "forbidden");
        api.delete("/api/admin/settings/trashRetentionDays").basic(u).send().expectError(403, "forbidden");
        assertThat(setting(settings(), "trashRetentionDays").get("source")).isEqualTo("environment");
    }

    @Test
    void getShowsTheSettingsAndTheServerFacts_withoutSecrets() {
        Res r = settings();
        Map<?, ?> retention = setting(r, "trashRetentionDays");
        assertThat(retention.get("env")).isEqualTo("NUBO_TRASH_RETENTION_DAYS");
        assertThat(retention.get("unit")).isEqualTo("days");
        Map<?, ?> quota = setting(r, "defaultQuotaBytes");
        assertThat(quota.get("unlimitedAllowed")).isEqualTo(true);
        assertThat(r.str("server.dataDir"))
                .isEqualTo(server.dataDir.toAbsolutePath().normalize().toString());
        assertThat(r.str("server.databaseUrl")).startsWith("jdbc:postgresql://").doesNotContain("password");
        assertThat(r.str("server.databaseVersion")).startsWith("PostgreSQL");
        assertThat(r.num("server.users")).isGreaterThanOrEqualTo(1L);
        assertThat(r.num("server.uptimeSeconds")).isGreaterThanOrEqualTo(0L);
        assertThat(r.body()).doesNotContainIgnoringCase("\"password\"");
    }

    @Test
    void anInvalidPatchChangesNothing_andSaysWhy() {
        Res before = settings();
        Res bad = patch("{\"defaultQuotaBytes\": 1000, \"trashRetentionDays\": -1}");
        bad.expectError(400, "invalid_request");
        assertThat(bad.str("message")).contains("trashRetentionDays must be a whole number of days from 0 to 36500");
        patch("{\"defaultQuotaBytes\": 1.5}").expectError(400, "invalid_request");
        patch("{\"trashRetentionDays\": \"7\"}").expectError(400, "invalid_request");
        patch("{\"trashRetentionDays\": \"unlimited\"}").expectError(400, "invalid_request");
        patch("{\"noSuchSetting\": 1}").expectError(400, "invalid_request");
        patch("{}").expectError(400, "invalid_request");
        patch("[1]").expectError(400, "malformed_json");
        api.asAdmin(api.delete("/api/admin/settings/noSuchSetting")).send().expectError(404, "not_found");
        assertThat(settings().list("settings")).isEqualTo(before.list("settings"));
    }

    @Test
    void theDefaultQuota_appliesToTheNextUserCreated_untilReset() {
        try {
            Res r = patch("{\"defaultQuotaBytes\": 5368709120}").expect(200);
            Map<?, ?> quota = setting(r, "defaultQuotaBytes");
            assertThat(quota.get("source")).isEqualTo("database");
            assertThat(quota.get("updatedBy")).isEqualTo("admin");
            assertThat(quota.get("updatedAt")).isNotNull();

            TestUser limited = api.newUser("defquota");
            assertThat(api.asAdmin(api.get("/api/admin/users/" + limited.id()))
                            .send()
                            .num("quotaBytes"))
                    .isEqualTo(5_368_709_120L);
            TestUser explicit = api.newUser("ownquota", "quotaBytes", 1000);
            assertThat(api.asAdmin(api.get("/api/admin/users/" + explicit.id()))
                            .send()
                            .num("quotaBytes"))
                    .isEqualTo(1000L);

            patch("{\"defaultQuotaBytes\": \"unlimited\"}").expect(200);
            TestUser unlimited = api.newUser("unlimited");
            assertThat(api.asAdmin(api.get("/api/admin/users/" + unlimited.id()))
                            .send()
                            .has("quotaBytes"))
                    .isFalse();
        } finally {
            api.asAdmin(api.delete("/api/admin/settings/defaultQuotaBytes"))
                    .send()
                    .expect(200);
        }
        assertThat(setting(settings(), "defaultQuotaBytes").get("source")).isEqualTo("default");
        TestUser after = api.newUser("afterreset");
        assertThat(api.asAdmin(api.get("/api/admin/users/" + after.id())).send().has("quotaBytes"))
                .isFalse();
    }

    @Test
    void theTrashRetention_isWhatTheNextMaintenanceRoundUses() {
        FilesClient u = FilesClient.newUser(api, "retain", 10_000_000L);
        long root = u.rootId();
        long id = u.uploadOk(root, "kept-a-while.bin", FilesClient.random(1000, 3));
        u.trash(id);
        NuboProcess.sleep(Duration.ofSeconds(5)); // two rounds with the environment's 30 days
        assertThat(u.trashed()).hasSize(1);
        try {
            Res r = patch("{\"trashRetentionDays\": 0}").expect(200);
            assertThat(setting(r, "trashRetentionDays").get("value")).isEqualTo(java.math.BigDecimal.ZERO);
            BlobDisk.await(
                    Duration.ofSeconds(30),
                    "the trash purged",
                    () -> u.trashed().size(),
                    n -> n == 0);
            u.node(id).expectError(404, "not_found");
        } finally {
            Res reset = patch("{\"trashRetentionDays\": null}").expect(200);
            Map<?, ?> retention = setting(reset, "trashRetentionDays");
            assertThat(retention.get("source")).isEqualTo("environment");
            assertThat(retention.get("value")).isEqualTo(java.math.BigDecimal.valueOf(30));
        }
        List<Object> left = u.trashed();
        assertThat(left).isEmpty();
    }
}
