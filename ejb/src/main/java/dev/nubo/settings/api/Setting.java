package dev.nubo.settings.api;

import dev.nubo.platform.api.NuboException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The settings an admin may change at runtime: the key of the REST API, the MicroProfile Config key whose value
 * (environment variable or built-in default) a stored override replaces, the unit and the bounds.
 */
public enum Setting {
    /** Quota of a user created without one (admin API, first start); unlimited unless configured. */
    DEFAULT_QUOTA_BYTES(
            "defaultQuotaBytes",
            "nubo.users.default-quota-bytes",
            "bytes",
            0,
            Setting.MAX_BYTES,
            true,
            SettingValue.unlimited()),
    /** Trashed items older than this are purged by the maintenance round; 0 purges at the next round. */
    TRASH_RETENTION_DAYS(
            "trashRetentionDays", "nubo.trash.retention.days", "days", 0, 36_500, false, SettingValue.of(30));

    /** 1 EiB: far above any disk, far below what a JavaScript number holds exactly (2^53). */
    public static final long MAX_BYTES = 1L << 60;

    private final String key;
    private final String configKey;
    private final String unit;
    private final long min;
    private final long max;
    private final boolean unlimitedAllowed;
    private final SettingValue builtIn;

    Setting(
            String key,
            String configKey,
            String unit,
            long min,
            long max,
            boolean unlimitedAllowed,
            SettingValue builtIn) {
        this.key = key;
        this.configKey = configKey;
        this.unit = unit;
        this.min = min;
        this.max = max;
        this.unlimitedAllowed = unlimitedAllowed;
        this.builtIn = builtIn;
    }

    /** The value when neither the environment nor the database sets one. */
    public SettingValue builtIn() {
        return builtIn;
    }

    public String key() {
        return key;
    }

    public String configKey() {
        return configKey;
    }

    /** The environment variable MicroProfile Config maps to {@link #configKey()}. */
    public String envName() {
        return configKey.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    public String unit() {
        return unit;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    public boolean unlimitedAllowed() {
        return unlimitedAllowed;
    }

    public static Optional<Setting> byKey(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
    }

    /**
     * Checks a value an admin sent: a whole number within the bounds, or the string {@value SettingValue#UNLIMITED}
     * where allowed. {@code raw} is what the JSON held: a {@link Number}, a {@link String}, or anything else (wrong).
     */
    public SettingValue check(Object raw) {
        if (raw instanceof String s && unlimitedAllowed && SettingValue.UNLIMITED.equals(s)) {
            return SettingValue.unlimited();
        }
        long value;
        try {
            if (raw instanceof java.math.BigDecimal d) {
                value = d.longValueExact();
            } else if (raw instanceof Long || raw instanceof Integer) {
                value = ((Number) raw).longValue();
            } else {
                throw NuboException.invalid(expectation());
            }
        } catch (ArithmeticException e) {
            throw NuboException.invalid(expectation());
        }
        if (value < min || value > max) {
            throw NuboException.invalid(expectation());
        }
        return SettingValue.of(value);
    }

    /** What {@link #check} accepts, as the message of its 400. */
    public String expectation() {
        return key + " must be a whole number of " + unit + " from " + min + " to " + max
                + (unlimitedAllowed ? ", \"" + SettingValue.UNLIMITED + "\"" : "")
                + ", or null for the default";
    }
}
