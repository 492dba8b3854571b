package dev.nubo.dav;

import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.NodeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the "Shared with me" collection shows in a PROPFIND: as the last member of the caller's root, and with the
 * shared items as its own members. Both come from the grants read once in the request, so neither costs a query per
 * member.
 */
final class SharedPropfind {
    private SharedPropfind() {}

    /** The collection's members, each a shared item under its name in the collection. */
    static List<NodeView> members(SharedWithMe.Mount mount) {
        return mount.entries().stream().map(SharedWithMe.Entry::node).toList();
    }

    /**
     * The root with the collection's etag folded into its own: sync clients poll the root's etag to learn whether
     * anything changed, and a share that comes, goes or changes inside is a change of what the root holds.
     */
    static NodeView rootWith(NodeView root, Optional<SharedWithMe.Mount> collection) {
        if (collection.isEmpty() || collection.get().entries().isEmpty()) {
            return root; // nothing shared: the root's etag stays what it always was
        }
        String etag = SharedWithMe.digest(
                root.etag() + "/" + collection.get().collection().etag());
        return new NodeView(
                root.id(),
                root.parentId(),
                root.name(),
                true,
                root.size(),
                root.mimeType(),
                etag,
                root.createdAt(),
                root.modifiedAt(),
                root.contentHash());
    }

    /** The root's last page with the collection after the user's own items. */
    static ListingPage withCollection(ListingPage last, Optional<SharedWithMe.Mount> collection) {
        if (collection.isEmpty()) {
            return last;
        }
        List<NodeView> entries = new ArrayList<>(last.entries().size() + 1);
        entries.addAll(last.entries());
        entries.add(collection.get().collection());
        return new ListingPage(entries, last.next());
    }
}
