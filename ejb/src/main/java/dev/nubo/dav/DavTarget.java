package dev.nubo.dav;

import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.LockScope;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The request's resource: the names, and how far along them the tree goes; {@code mount} is null in the caller's
 * own tree, else the "Shared with me" collection the path goes through; {@code link} is null but on a public
 * link's tree, where {@code caller} is the item's owner.
 */
record DavTarget(
        UUID caller,
        String base,
        List<NodeName> names,
        FileTree.Resolved resolved,
        DavDialect dialect,
        SharedWithMe.Mount mount,
        LinkSpace link,
        LockScope lockScope) {
    /** Whose locks apply: the caller's own, a public link's, or the owner's of an item reached through a share. */
    UUID locker() {
        return lockScope.space();
    }

    boolean nextcloud() {
        return dialect == DavDialect.NEXTCLOUD;
    }

    /** Whether this is the "Shared with me" collection itself. */
    boolean virtual() {
        return exists() && SharedWithMe.isVirtual(resolved.node().id());
    }

    boolean exists() {
        return resolved.matched() == names.size();
    }

    NodeView node() {
        return resolved.node();
    }

    /** The folder a new item at this path would go into, if it exists. */
    Optional<NodeView> parent() {
        if (resolved.matched() != names.size() - 1 || !resolved.node().folder()) {
            return Optional.empty();
        }
        if (SharedWithMe.isVirtual(resolved.node().id())) {
            throw new NuboException(
                    ErrorKind.FORBIDDEN,
                    "shared_collection",
                    "nothing can be added to '" + resolved.node().name() + "': share items to add them");
        }
        return Optional.of(resolved.node());
    }

    NodeName name() {
        return names.get(names.size() - 1);
    }

    /** The path in the lock space that locks are keyed by: "" for its root, "a/b" below it. */
    String key() {
        return lockScope.key(names);
    }

    String parentKey() {
        return LockScope.parentKey(key());
    }

    String href(boolean collection) {
        return DavPath.href(base, names.stream().map(NodeName::value).toList(), collection);
    }
}
