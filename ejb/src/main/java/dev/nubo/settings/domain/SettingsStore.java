package dev.nubo.settings.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Where the overrides live: one row per key. */
public interface SettingsStore {
    List<StoredSetting> all();

    Optional<String> value(String key);

    /** Inserts or replaces the row of {@code key}. */
    void put(String key, String value, UUID admin);

    void remove(String key);
}
