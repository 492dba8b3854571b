package dev.nubo.settings.domain;

import java.time.Instant;

/** A stored override as written: its text, when, and the user name of the admin (null once that account is gone). */
public record StoredSetting(String key, String value, Instant updatedAt, String updatedBy) {}
