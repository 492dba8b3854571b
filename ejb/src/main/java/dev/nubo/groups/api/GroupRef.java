package dev.nubo.groups.api;

import java.util.UUID;

/** Enough of a group to name it: in member lists, a user's groups and sharee suggestions. */
public record GroupRef(UUID id, String name, String displayName) {}
