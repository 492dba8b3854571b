package dev.nubo.collections.api;

/** A collection property kept in its own column (the rest are dead properties). */
public enum Setting {
    DISPLAYNAME,
    DESCRIPTION,
    COLOR,
    TIMEZONE,
    ORDER
}
