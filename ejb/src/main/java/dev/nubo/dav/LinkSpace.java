package dev.nubo.dav;

import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * A public link's item as a DAV tree, for {@link DavEngine#serveLink}: the engine runs its tree operations as the
 * item's {@code owner} (so quota, trash and conflicts are the owner's), never above {@code root}. A file link is a
 * collection whose only member is the file, under its name, so every client can list and fetch it. Locks live in a
 * namespace of the link's own ({@code lockSpace}), apart from the owner's. {@code requested} is what the request's
 * own {@code names} resolved to, read together with the link in one statement; {@code downloads} is told of every GET
 * that sends a file from its first byte, before any byte is sent (it may refuse with an exception).
 */
public record LinkSpace(
        UUID owner,
        NodeView root,
        UUID lockSpace,
        List<NodeName> names,
        FileTree.Resolved requested,
        Consumer<NodeView> downloads) {
    /** The id of a file link's collection: never a node's (node ids are a sequence from 1). */
    static final long FILE_COLLECTION_ID = -1;

    boolean fileLink() {
        return !root.folder();
    }

    /** A file link's collection: no name, the file's dates and etag. */
    NodeView collection() {
        return new NodeView(
                FILE_COLLECTION_ID,
                null,
                "",
                true,
                root.size(),
                null,
                root.etag(),
                root.createdAt(),
                root.modifiedAt(),
                null);
    }
}
