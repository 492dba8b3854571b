package dev.nubo.files.api;

import java.util.Optional;
import java.util.UUID;

/**
 * The caller's tree of folders and files. Every method checks that the caller may act on the nodes it names: a
 * node the caller may not see (another user's, or inside the trash) answers not-found, exactly like one that
 * does not exist.
 */
public interface FileTree {
    int MAX_PAGE = 1000;

    NodeView root(UUID caller);

    NodeView get(UUID caller, long nodeId);

    /** Creates a folder; 409 {@code name_taken} when the name is in use, 409 {@code not_a_folder} under a file. */
    NodeView createFolder(UUID caller, long parentId, NodeName name);

    /**
     * Moves a node (a whole subtree for a folder) under another folder, optionally renaming it; with the same parent
     * this is a rename. 409 {@code name_taken}, {@code into_own_subtree}, {@code not_a_folder}, {@code root_is_fixed}.
     */
    NodeView move(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName);

    ListingPage list(UUID caller, long folderId, Optional<ListingPage.Cursor> after, int limit);
}
