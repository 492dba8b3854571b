package dev.nubo.files.api;

import java.util.UUID;

/**
 * The one authorization check every surface goes through before it acts on a node: the owner may act on their nodes
 * outside the trash, and a grantee as the role granted on the node or a folder above it allows (viewer reads, editor
 * writes, manager shares further). A node the caller may not see answers not-found, exactly like one that does not
 * exist, so ids of other users reveal nothing; a visible node the caller may not change answers 403.
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

    /**
     * The node, if the caller may move, rename or trash it: that changes the folder it sits in, so besides the node
     * the caller needs write access to its parent. The owner always has it; a grantee cannot move or delete the item
     * shared with them itself, only what is inside it. 404 or 403 as {@link #require}.
     */
    NodeView requireDetachable(UUID caller, long nodeId);

    /** The user whose storage (quota, trash) a node belongs to. */
    UUID ownerOf(long nodeId);

    /**
     * {@link #require} with {@link Need#WRITE}, and in the same statement what a write there needs next: whose quota
     * it is charged to and how many bytes that quota still has (Long.MAX_VALUE when unlimited; a hint for bounding the
     * body, the charge itself is checked atomically).
     */
    Writable requireWritable(UUID caller, long nodeId);

    /** {@link #requireDetachable}, with the owner and the room of {@link #requireWritable} in the same statement. */
    Writable requireDetachableWritable(UUID caller, long nodeId);

    /** A node the caller may write, its owner and the room left in the owner's quota. */
    record Writable(NodeView node, UUID owner, long room) {}
}
