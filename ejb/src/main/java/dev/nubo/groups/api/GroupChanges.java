package dev.nubo.groups.api;

import java.util.Optional;

/** A partial update of a group: only the fields present change; an empty display name falls back to the name. */
public record GroupChanges(Optional<String> name, Optional<String> displayName) {}
