package dev.nubo.files.api;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** The items a user opened or changed most recently, newest first; each item appears once. */
public interface RecentItems {
    /** How many rows a user keeps; older ones are trimmed as new ones arrive. */
    int KEPT = 200;

    record Recent(NodeView node, String action, OffsetDateTime at) {}

    List<Recent> list(UUID caller, int limit);
}
