package dev.nubo.trash.api;

import dev.nubo.files.api.NodeView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The caller's trash. Items of other users, and items not in the trash, answer not-found. */
public interface Trash {
    int MAX_PAGE = 1000;

    /** A page of the trash, newest first; {@code after} is the id of the last item of the previous page. */
    record Page(List<TrashItem> items, Optional<Long> next) {}

    Page list(UUID caller, Optional<Long> after, int limit);

    /** Restores an item (and its contents) to its original folder; returns where it landed. */
    NodeView restore(UUID caller, long nodeId);

    /** Deletes an item from the trash for good: its bytes leave the quota, its blobs lose a reference. */
    void purge(UUID caller, long nodeId);

    /** Empties the caller's trash; returns how many items (with everything beneath them) were deleted. */
    int empty(UUID caller);

    /** Purges items trashed longer ago than {@code retention}, user by user; returns how many. */
    int purgeExpired(Duration retention);
}
