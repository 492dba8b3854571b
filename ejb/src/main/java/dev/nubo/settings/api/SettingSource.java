package dev.nubo.settings.api;

import java.util.Locale;

/** Where a setting's effective value comes from. */
public enum SettingSource {
    /** An admin stored it; it overrides the rest until reset. */
    DATABASE,
    /** A {@code NUBO_*} environment variable or a {@code -Dnubo.*} system property. */
    ENVIRONMENT,
    /** The built-in default. */
    DEFAULT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
