package dev.nubo.dav;

import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavLocks;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.DeadProperties;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.StorageUsage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.xml.namespace.QName;

/** PROPFIND on the file trees (RFC 4918 section 9.1): Depth 0 and 1, a page of children at a time. */
@ApplicationScoped
class PropfindMethod {
    static final int PAGE = FileTree.MAX_PAGE;

    @Inject
    FileTree tree;

    @Inject
    DeadProperties dead;

    @Inject
    DavLocks locks;

    @Inject
    LockMethods lockMethods;

    @Inject
    dev.nubo.files.api.Favorites favorites;

    @Inject
    dev.nubo.users.api.UserService users;

    @Inject
    SharedWithMe sharedWithMe;

    @Inject
    dev.nubo.share.api.Shares shares;

    void propfind(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String depth =
                Optional.ofNullable(req.getHeader("Depth")).orElse("infinity").strip();
        if (!depth.equals("0") && !depth.equals("1")) {
            throw DavException.precondition(
                    403, "propfind-finite-depth", "Depth: infinity is not supported; use 0 or 1");
        }
        DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
        if (!target.exists()) {
            throw DavException.of(404, "nothing at this path");
        }
        NodeView node = target.node();
        // the root also holds the "Shared with me" collection: read once, it adds its etag to the root's
        List<SharedWithMe.Mount> shared = target.names().isEmpty() && target.link() == null
                ? sharedWithMe.inRoot(target.caller(), node)
                : List.of();
        node = SharedPropfind.rootWith(node, shared);
        // the owner's storage is none of a link visitor's business
        LiveProperties.Quota quota = needsQuota(asked) && target.link() == null ? quotaOf(target) : null;
        boolean needsDead = needsDeadProperties(asked, target.nextcloud());
        NextcloudPages nc = target.nextcloud() ? nextcloudPages(target.caller(), asked, target.mount()) : null;
        Asked plan = Asked.of(asked, target.nextcloud());
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 64 * 1024);
                Multistatus ms = multistatus(out, target)) {
            describe(
                    ms,
                    target.href(node.folder()),
                    node,
                    target.names().isEmpty(),
                    plan,
                    quota,
                    nc == null ? null : nc.of(List.of(node)),
                    needsDead ? dead.of(List.of(node.id())).getOrDefault(node.id(), Map.of()) : Map.of(),
                    lockMethods.lockFree(target)
                            ? LockMethods.NO_LOCKS
                            : lockMethods.lockdiscovery(target.key(), target));
            if (depth.equals("1") && node.folder()) {
                // what every child shares, worked out once: the folder's href, and the locks that reach the
                // children from above (asked per child only when a lock is rooted somewhere below this folder)
                boolean anyLocks = !lockMethods.lockFree(target);
                String key = anyLocks ? target.key() : "";
                String folderHref = target.href(true);
                boolean locksBelow = anyLocks && locks.anyBelow(target.locker(), key);
                Multistatus.Value inherited = !anyLocks
                        ? LockMethods.NO_LOCKS
                        : lockMethods.lockdiscovery(
                                locks.covering(target.locker(), key).stream()
                                        .filter(DavLocks.Lock::infinite)
                                        .toList(),
                                target);
                Optional<ListingPage.Cursor> after = Optional.empty();
                boolean root = target.names().isEmpty();
                do {
                    ListingPage page = target.virtual()
                            ? new ListingPage(SharedPropfind.members(target.mount()), Optional.empty())
                            : target.link() != null && target.link().fileLink()
                                    ? new ListingPage(List.of(target.link().root()), Optional.empty())
                                    : tree.list(target.caller(), node.id(), ListingQuery.byName(after, PAGE));
                    after = page.next();
                    if (root && after.isEmpty()) {
                        page = SharedPropfind.withCollection(page, shared);
                    }
                    Map<Long, Map<QName, String>> deadOfPage = needsDead
                            ? dead.of(page.entries().stream().map(NodeView::id).toList())
                            : Map.of();
                    NextcloudProperties.Page ncPage = nc == null ? null : nc.of(page.entries());
                    for (NodeView child : page.entries()) {
                        describe(
                                ms,
                                folderHref + DavPath.encode(child.name()) + (child.folder() ? "/" : ""),
                                child,
                                false,
                                plan,
                                quota,
                                ncPage,
                                deadOfPage.getOrDefault(child.id(), Map.of()),
                                locksBelow
                                        ? lockMethods.lockdiscovery(
                                                key.isEmpty() ? child.name() : key + "/" + child.name(), target)
                                        : inherited);
                    }
                    ms.flush();
                } while (after.isPresent());
            }
        }
    }

    /** What the Nextcloud properties of the asked names need, read a page at a time for {@code caller}. */
    NextcloudPages nextcloudPages(UUID caller, DavXml.Propfind asked, SharedWithMe.Mount mount) {
        return new NextcloudPages(caller, asked, mount, users, favorites, shares);
    }

    static Multistatus multistatus(OutputStream out, DavTarget target) throws IOException {
        return target.nextcloud() ? new Multistatus(out, NextcloudProperties.NAMESPACES) : new Multistatus(out);
    }

    /** Whether any asked property could be a dead one: a query per page saved when a client asks only live ones. */
    private static boolean needsDeadProperties(DavXml.Propfind asked, boolean nextcloud) {
        return asked.kind() != DavXml.Propfind.Kind.PROP
                || asked.names().stream()
                        .anyMatch(n -> !(nextcloud && NextcloudProperties.isLive(n))
                                && (!DavXml.DAV.equals(n.getNamespaceURI())
                                        || !LiveProperties.LIVE.contains(n.getLocalPart())));
    }

    static boolean needsQuota(DavXml.Propfind asked) {
        return asked.kind() == DavXml.Propfind.Kind.PROP
                && (asked.names().contains(LiveProperties.QUOTA_USED)
                        || asked.names().contains(LiveProperties.QUOTA_AVAILABLE));
    }

    /**
     * The quota properties of a path: the caller's own storage in their tree; inside "Drives" the drive's; inside
     * "Shared with me" the owner's free space (what an upload there is charged to, so a client's check before
     * uploading asks the right question), with the shared item's own size as used bytes — the owner's total usage is
     * none of the recipient's business.
     */
    private LiveProperties.Quota quotaOf(DavTarget target) {
        SharedWithMe.Mount m = target.mount();
        if (m == null || m.entry() == null) {
            return quota(target.caller());
        }
        LiveProperties.Quota owners = quota(m.entry().share().owner().id());
        return m.entry().collectionId() == SharedWithMe.DRIVES_ID
                ? owners
                : new LiveProperties.Quota(m.entry().share().node().size(), owners.available());
    }

    LiveProperties.Quota quota(UUID caller) {
        StorageUsage u = tree.usage(caller);
        long available = u.quotaBytes() == null ? -3 : Math.max(0, u.quotaBytes() - u.usedBytes());
        return new LiveProperties.Quota(u.usedBytes(), available);
    }

    /**
     * What a PROPFIND asks, with each named property's source looked up once for the whole listing: a Depth 1
     * answer to a Nextcloud client asks 13 names of each of up to 1,000 resources (perf/nextcloud/RESULTS.md).
     */
    record Asked(
            DavXml.Propfind propfind,
            List<LiveProperties.LiveSource> live,
            List<NextcloudProperties.Source> nextcloud) {
        static Asked of(DavXml.Propfind propfind, boolean nextcloud) {
            List<LiveProperties.LiveSource> live = new ArrayList<>();
            List<NextcloudProperties.Source> nc = new ArrayList<>();
            for (QName name : propfind.names()) {
                live.add(LiveProperties.liveSource(name));
                nc.add(nextcloud ? NextcloudProperties.source(name) : null);
            }
            return new Asked(propfind, live, nc);
        }
    }

    static void describe(
            Multistatus ms,
            String href,
            NodeView node,
            boolean root,
            Asked asked,
            LiveProperties.Quota quota,
            NextcloudProperties.Page nc,
            Map<QName, String> deadProps,
            Multistatus.Value lockdiscovery)
            throws IOException {
        DavXml.Propfind.Kind kind = asked.propfind().kind();
        List<QName> names =
                switch (kind) {
                    case ALLPROP, PROPNAME -> {
                        List<QName> all = new ArrayList<>(LiveProperties.ALLPROP);
                        all.addAll(deadProps.keySet());
                        yield all;
                    }
                    case PROP -> asked.propfind().names();
                };
        // sized for all names: a Nextcloud client asks 13, past the default map's first resize
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>(names.size() * 2);
        List<QName> missing = new ArrayList<>(4);
        for (int i = 0; i < names.size(); i++) {
            QName name = names.get(i);
            Optional<Multistatus.Value> value;
            if (kind != DavXml.Propfind.Kind.PROP) {
                value = nc != null && !DavXml.DAV.equals(name.getNamespaceURI())
                        ? NextcloudProperties.property(name, node, nc)
                        : LiveProperties.live(name, node, root, quota, lockdiscovery);
            } else if (asked.nextcloud().get(i) != null) {
                value = asked.nextcloud().get(i).of(node, nc);
            } else if (asked.live().get(i) != null) {
                value = asked.live().get(i).of(node, root, quota, lockdiscovery);
            } else {
                value = null;
            }
            if (value == null && deadProps.containsKey(name)) {
                value = Optional.of(Multistatus.stored(deadProps.get(name)));
            }
            if (value == null) {
                if (kind == DavXml.Propfind.Kind.PROP) {
                    missing.add(name); // allprop and propname list only what the resource has
                }
            } else {
                found.put(name, kind == DavXml.Propfind.Kind.PROPNAME ? null : value.orElse(null));
            }
        }
        ms.response(href, found, missing);
    }
}
