package dev.nubo.groups.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A group as lists show it, with the number of its direct members of each kind. */
public record GroupView(
        UUID id, String name, String displayName, OffsetDateTime createdAt, long userMembers, long groupMembers) {}
