package dev.nubo.settings.service;

import dev.nubo.platform.api.NuboException;
import dev.nubo.settings.api.Setting;
import dev.nubo.settings.api.SettingValue;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** An admin's batch of changes, checked as a whole before anything is written. */
final class SettingChanges {
    private SettingChanges() {}

    /**
     * Key to its checked new value, or to empty for a reset. Throws a 400 naming the first unknown key or bad value;
     * an empty batch is refused too, so a client's mistake never passes for a successful no-op.
     */
    static Map<Setting, Optional<SettingValue>> check(Map<String, Object> changes) {
        if (changes == null || changes.isEmpty()) {
            throw NuboException.invalid("a JSON object with at least one of " + keys() + " is required");
        }
        Map<Setting, Optional<SettingValue>> checked = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : changes.entrySet()) {
            Setting setting = Setting.byKey(e.getKey())
                    .orElseThrow(() -> NuboException.invalid("unknown setting '" + e.getKey() + "'; known: " + keys()));
            checked.put(setting, e.getValue() == null ? Optional.empty() : Optional.of(setting.check(e.getValue())));
        }
        return checked;
    }

    static String keys() {
        return Arrays.stream(Setting.values()).map(Setting::key).toList().toString();
    }
}
