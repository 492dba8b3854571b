package dev.nubo.settings.api;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The effective values of the runtime-editable settings, and their administration. Nothing is cached. */
public interface RuntimeSettings {
    /** The quota of a user created without one; empty for unlimited. */
    Optional<Long> defaultQuotaBytes();

    /** How long trashed items are kept before the maintenance round purges them. */
    Duration trashRetention();

    /** Every editable setting, in {@link Setting} order. */
    List<SettingView> list();

    /**
     * Applies an admin's changes in one transaction: key to a value ({@link Setting#check}) or to null (reset to the
     * default). Any unknown key or bad value is a 400 and changes nothing. Returns {@link #list()} afterwards.
     */
    List<SettingView> update(Map<String, Object> changes, UUID admin);
}
