package dev.nubo.drives.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A drive as admins see it: its name, root folder, quota (null: no limit), bytes used, and how many grants it has. */
public record DriveView(
        UUID id, String name, long rootId, Long quotaBytes, long usedBytes, OffsetDateTime createdAt, int members) {}
