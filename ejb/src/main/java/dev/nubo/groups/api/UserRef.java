package dev.nubo.groups.api;

import java.util.UUID;

/** Enough of a user to name it in member lists and sharee suggestions; disabled users stay listed as members. */
public record UserRef(UUID id, String username, String displayName, boolean enabled) {}
