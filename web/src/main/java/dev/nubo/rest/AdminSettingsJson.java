package dev.nubo.rest;

import dev.nubo.settings.api.ServerFacts;
import dev.nubo.settings.api.SettingView;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of /api/admin/settings. */
public final class AdminSettingsJson {
    private AdminSettingsJson() {}

    @Schema(
            description = "The editable server settings and the facts about the running server",
            requiredProperties = {"settings", "server"})
    public record AdminSettings(List<SettingItem> settings, ServerInfo server) {
        static AdminSettings of(List<SettingView> settings, ServerFacts facts, String version) {
            return new AdminSettings(settings.stream().map(SettingItem::of).toList(), ServerInfo.of(facts, version));
        }
    }

    @Schema(
            description = "One editable setting. value is the effective value and defaultValue the one a reset returns"
                    + " to (the NUBO_* environment variable named by env, else the built-in default); either is"
                    + " absent when it means no limit (only where unlimitedAllowed). source: database (an admin set"
                    + " it; updatedAt and updatedBy say when and who), environment or default. A PATCH takes a whole"
                    + " number from min to max, \"unlimited\" where allowed, or null to reset.",
            requiredProperties = {"key", "source", "env", "unit"})
    public record SettingItem(
            String key,
            Long value,
            Long defaultValue,
            String source,
            String env,
            String unit,
            long min,
            long max,
            boolean unlimitedAllowed,
            OffsetDateTime updatedAt,
            String updatedBy) {
        static SettingItem of(SettingView v) {
            return new SettingItem(
                    v.setting().key(),
                    v.value().amount(),
                    v.defaultValue().amount(),
                    v.source().wireName(),
                    v.setting().envName(),
                    v.setting().unit(),
                    v.setting().min(),
                    v.setting().max(),
                    v.setting().unlimitedAllowed(),
                    utc(v.updatedAt()),
                    v.updatedBy());
        }
    }

    @Schema(
            description = "The running server: versions, where it keeps its data, the database address without"
                    + " credentials, uptime, and counts (storageBytes: all stored content, each distinct content"
                    + " once; folders without the users' root folders; trashedItems: items deleted by a user, not"
                    + " what lies beneath them). baseUrl is absent unless NUBO_BASE_URL is set.",
            requiredProperties = {"dataDir", "databaseUrl", "databaseVersion", "javaVersion", "javaVm", "startedAt"})
    public record ServerInfo(
            String version,
            String baseUrl,
            String dataDir,
            String databaseUrl,
            String databaseVersion,
            String javaVersion,
            String javaVm,
            OffsetDateTime startedAt,
            long uptimeSeconds,
            long users,
            long storageBytes,
            long files,
            long folders,
            long trashedItems) {
        static ServerInfo of(ServerFacts f, String version) {
            return new ServerInfo(
                    version,
                    f.baseUrl(),
                    f.dataDir(),
                    f.databaseUrl(),
                    f.databaseVersion(),
                    f.javaVersion(),
                    f.javaVm(),
                    utc(f.startedAt()),
                    f.uptimeSeconds(),
                    f.users(),
                    f.storageBytes(),
                    f.files(),
                    f.folders(),
                    f.trashedItems());
        }
    }

    private static OffsetDateTime utc(Instant t) {
        return t == null ? null : t.atOffset(ZoneOffset.UTC);
    }
}
