package dev.nubo.files.api;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The caller's tree of folders and files. Every method checks through {@link FileAccess} that the caller may act on
 * the nodes it names: a node the caller may not see (another user's, or inside the trash) answers not-found, exactly
 * like one that does not exist.
 */
public interface FileTree {
    int MAX_PAGE = 1000;
    int MAX_BATCH = 1000;

    NodeView root(UUID caller);

    NodeView get(UUID caller, long nodeId);

    /**
     * Where a path of names leads from the caller's root (DAV and Nextcloud address items by path): the deepest
     * item that exists along it and how many of the names it matched. {@code matched == names.size()} means the
     * whole path exists; otherwise {@code node} is the last folder (or file) on the way. One statement.
     */
    record Resolved(NodeView node, int matched) {}

    Resolved resolve(UUID caller, List<NodeName> names);

    /**
     * Where a path of names leads from a folder the caller may read, such as one shared with them: the DAV surfaces
     * address what is inside a share by path from its root. {@code matched} counts the names below the folder (0 is
     * the folder itself). Not cached, unlike {@link #resolve}: the folder is usually another user's, whose changes
     * the caller's cached answers do not follow, and a revoked grant must end access on the next request.
     */
    Resolved resolveBelow(UUID caller, long folderId, List<NodeName> names);

    /** The node's location as names from the root ("/Docs/2024/report.pdf"; the root itself is "/"). */
    String pathOf(UUID caller, long nodeId);

    /** One folder on the way from the root to a node. */
    record Ancestor(long id, String name) {}

    /**
     * The folders from the caller's root down to the node's parent (empty for the root), for breadcrumbs; one
     * statement. A node the caller may not see answers not-found, as {@link #get} does.
     */
    List<Ancestor> ancestors(UUID caller, long nodeId);

    /** Creates a folder; 409 {@code name_taken} when the name is in use, 409 {@code not_a_folder} under a file. */
    NodeView createFolder(UUID caller, long parentId, NodeName name);

    /**
     * Moves a node (a whole subtree for a folder) under another folder, optionally renaming it; with the same parent
     * this is a rename. 409 {@code name_taken}, {@code into_own_subtree}, {@code not_a_folder}, {@code root_is_fixed}.
     */
    NodeView move(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName);

    /** {@link #move} with a conflict mode: keep-both picks a free name; overwrite replaces a file (to the trash). */
    NodeView move(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName, ConflictMode conflict);

    /**
     * Copies a file or a whole subtree (trashed descendants excluded) in one statement; copied files share their
     * blobs and count against the owner's quota (507 {@code quota_exceeded}).
     */
    NodeView copy(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName, ConflictMode conflict);

    /** Moves a node and everything beneath it to the trash; its bytes still count until purged. */
    void trash(UUID caller, long nodeId);

    default ListingPage list(UUID caller, long folderId, Optional<ListingPage.Cursor> after, int limit) {
        return list(caller, folderId, ListingQuery.byName(after, limit));
    }

    ListingPage list(UUID caller, long folderId, ListingQuery query);

    /** The subfolders of a folder, by name, for folder pickers. */
    List<FolderEntry> subfolders(UUID caller, long folderId);

    StorageUsage usage(UUID caller);
}
