package dev.nubo.dav;

import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.LockScope;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Where a DAV path leads: the caller's own tree, "Shared with me" and "Drives", or a public link's item. */
@ApplicationScoped
class DavTargets {
    @Inject
    FileTree tree;

    @Inject
    SharedWithMe sharedWithMe;

    /**
     * Where the names lead for the caller: their own tree, or the "Shared with me" collection and beneath; or, for a
     * public link, the link's item and beneath.
     */
    DavTarget at(UUID caller, LinkSpace link, String base, List<NodeName> names, DavDialect dialect) {
        if (link != null) {
            return new DavTarget(
                    caller, base, names, inLink(link, names), dialect, null, link, LockScope.own(link.lockSpace()));
        }
        SharedWithMe.Place place = sharedWithMe.resolve(caller, names);
        SharedWithMe.Mount mount = place.mount();
        LockScope scope = mount == null || mount.entry() == null
                ? LockScope.own(caller)
                : LockScope.entry(
                        mount.entry().share().owner().id(),
                        names.get(0).value(),
                        names.get(1).value(),
                        () -> tree.pathOf(
                                mount.entry().share().owner().id(),
                                mount.entry().share().node().id()));
        return new DavTarget(caller, base, names, place.resolved(), dialect, mount, null, scope);
    }

    /** Where names lead below a link's item: the request's own path was read with the link, others are read now. */
    private FileTree.Resolved inLink(LinkSpace link, List<NodeName> names) {
        if (link.fileLink()) {
            boolean file =
                    !names.isEmpty() && names.get(0).value().equals(link.root().name());
            return file ? new FileTree.Resolved(link.root(), 1) : new FileTree.Resolved(link.collection(), 0);
        }
        if (names.equals(link.names())) {
            return link.requested();
        }
        FileTree.Resolved r = names.isEmpty()
                ? new FileTree.Resolved(link.root(), 0)
                : tree.resolveBelow(link.owner(), link.root().id(), names);
        return r.matched() == 0 ? new FileTree.Resolved(link.root(), 0) : r;
    }

    /** The names of a raw path below the tree's encoded base ("/dav/files/alice/"), or empty outside it. */
    static Optional<List<NodeName>> namesUnder(String rawPath, String base) {
        if ((rawPath + "/").equals(base)) {
            return Optional.of(List.of());
        }
        return rawPath.startsWith(base)
                ? Optional.of(DavPath.names(rawPath.substring(base.length())))
                : Optional.empty();
    }
}
