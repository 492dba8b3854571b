package dev.nubo.settings.api;

import java.time.Instant;

/**
 * One editable setting as an admin sees it: the effective value, the value a reset returns to (environment or
 * built-in default) and where the effective one comes from; {@code updatedAt}/{@code updatedBy} only for a stored
 * override ({@code updatedBy} null when that admin's account is gone).
 */
public record SettingView(
        Setting setting,
        SettingValue value,
        SettingValue defaultValue,
        SettingSource source,
        Instant updatedAt,
        String updatedBy) {}
