package dev.nubo.dav;

import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.NodeView;
import java.util.ArrayList;
import java.util.List;

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
    static NodeView rootWith(NodeView root, List<SharedWithMe.Mount> collections) {
        StringBuilder etags = new StringBuilder(root.etag());
        for (SharedWithMe.Mount m : collections) {
            if (!m.entries().isEmpty()) {
                etags.append('/').append(m.collection().etag());
            }
        }
        if (etags.length() == root.etag().length()) {
            return root; // nothing shared: the root's etag stays what it always was
        }
        String etag = SharedWithMe.digest(etags.toString());
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

    /** The root's last page with the collections after the user's own items. */
    static ListingPage withCollection(ListingPage last, List<SharedWithMe.Mount> collections) {
        if (collections.isEmpty()) {
            return last;
        }
        List<NodeView> entries = new ArrayList<>(last.entries().size() + collections.size());
        entries.addAll(last.entries());
        collections.forEach(m -> entries.add(m.collection()));
        return new ListingPage(entries, last.next());
    }
}
