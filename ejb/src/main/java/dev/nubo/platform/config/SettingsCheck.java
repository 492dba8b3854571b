package dev.nubo.platform.config;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Converts every typed {@code nubo.*} setting once at deployment, before anything uses them, so a bad value stops
 * start-up with one line naming its environment variable instead of failing later inside some injection.
 */
@Startup
@Singleton
public class SettingsCheck {
    record Setting(String key, Class<?> type, boolean positive) {}

    static final List<Setting> TYPED = List.of(
            new Setting("nubo.shutdown.grace", Duration.class, false),
            new Setting("nubo.auth.access-token-ttl", Duration.class, true),
            new Setting("nubo.auth.session-ttl", Duration.class, true),
            new Setting("nubo.auth.lockout.threshold", Integer.class, true),
            new Setting("nubo.auth.lockout.base", Duration.class, true),
            new Setting("nubo.auth.lockout.max", Duration.class, true),
            new Setting("nubo.auth.address-throttle.threshold", Integer.class, true),
            new Setting("nubo.auth.credential-cache-ttl", Duration.class, true),
            new Setting("nubo.auth.argon2.memory-kib", Integer.class, true),
            new Setting("nubo.auth.argon2.iterations", Integer.class, true),
            new Setting("nubo.auth.argon2.parallelism", Integer.class, true),
            new Setting("nubo.api.max-body-bytes", Long.class, true),
            new Setting("nubo.trash.retention.days", Integer.class, false),
            new Setting("nubo.users.default-quota-bytes", Long.class, false),
            new Setting("nubo.maintenance.interval", Duration.class, true),
            new Setting("nubo.uploads.idle-limit", Duration.class, true),
            new Setting("nubo.blobs.gc-grace", Duration.class, false),
            new Setting("nubo.blobs.abandoned-after", Duration.class, false),
            new Setting("nubo.search.interval", Duration.class, true),
            new Setting("nubo.thumbnails.concurrency", Integer.class, true),
            new Setting("nubo.thumbnails.max-pixels", Long.class, true));

    @PostConstruct
    void check() {
        Config config = ConfigProvider.getConfig(SettingsCheck.class.getClassLoader());
        for (Setting s : TYPED) {
            Object value;
            try {
                value = config.getOptionalValue(s.key(), s.type()).orElse(null);
            } catch (IllegalArgumentException e) {
                throw StartupFailure.of(
                        envName(s.key()), "'" + raw(config, s.key()) + "' is not " + describe(s.type()));
            }
            if (value != null && isNegative(value)) {
                throw StartupFailure.of(envName(s.key()), "'" + raw(config, s.key()) + "' must not be negative");
            }
            if (s.positive() && value != null && !isPositive(value)) {
                throw StartupFailure.of(envName(s.key()), "'" + raw(config, s.key()) + "' must be greater than zero");
            }
        }
    }

    /** MicroProfile Config's environment variable for a key: upper case, every non-alphanumeric as '_'. */
    public static String envName(String key) {
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    private static String raw(Config config, String key) {
        return config.getConfigValue(key).getRawValue();
    }

    private static boolean isNegative(Object v) {
        return v instanceof Duration d ? d.isNegative() : ((Number) v).longValue() < 0;
    }

    private static boolean isPositive(Object v) {
        if (v instanceof Duration d) {
            return !d.isNegative() && !d.isZero();
        }
        return ((Number) v).longValue() > 0;
    }

    private static String describe(Class<?> type) {
        return type == Duration.class ? "an ISO-8601 duration such as PT15S or P30D" : "a whole number";
    }
}
