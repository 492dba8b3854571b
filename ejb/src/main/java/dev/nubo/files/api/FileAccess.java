package dev.nubo.files.api;

import java.util.UUID;

/**
 * The one authorization check every surface goes through before it acts on a node. Today a caller may act on the
 * nodes they own outside the trash; grants from sharing will widen this here and nowhere else. A node the caller
 * may not act on answers not-found, exactly like one that does not exist, so ids of other users reveal nothing.
 */
public interface FileAccess {
    /** What the caller means to do: read (and download), write (upload, rename, move, delete), or share onward. */
    enum Need {
        READ,
        WRITE,
        SHARE
    }

    /** The node, if the caller may act on it as {@code need} says; otherwise 404 {@code not_found}. */
    NodeView require(UUID caller, long nodeId, Need need);

    /** Like {@link #require} for a folder; 409 {@code not_a_folder} for a file. */
    NodeView requireFolder(UUID caller, long nodeId, Need need);

    /** The user whose storage (quota, trash) a node belongs to. */
    UUID ownerOf(long nodeId);
}
