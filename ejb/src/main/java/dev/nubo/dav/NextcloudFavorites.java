package dev.nubo.dav;

import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.DeadProperties;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The Nextcloud clients' favorites: the oc:filter-files REPORT, and oc:favorite written by PROPPATCH. */
@ApplicationScoped
class NextcloudFavorites {
    @Inject
    FileTree tree;

    @Inject
    dev.nubo.files.api.Favorites favorites;

    @Inject
    SharedWithMe sharedWithMe;

    @Inject
    PropfindMethod propfind;

    /**
     * In the Nextcloud dialect oc:favorite is not a dead property but the user's star: applies those changes to
     * {@link dev.nubo.files.api.Favorites} and returns the others.
     */
    List<DeadProperties.Change> starChanges(DavTarget target, List<DeadProperties.Change> changes) {
        List<DeadProperties.Change> others = new ArrayList<>();
        for (DeadProperties.Change c : changes) {
            if (!NextcloudProperties.FAVORITE.equals(c.name())) {
                others.add(c);
            } else if (c.value() != null
                    && (c.value().strip().equals("1") || c.value().strip().equals("true"))) {
                favorites.add(target.caller(), target.node().id());
            } else {
                favorites.remove(target.caller(), target.node().id());
            }
        }
        return others;
    }

    /**
     * The favorites REPORT of the Nextcloud clients (oc:filter-files with oc:favorite): every starred file and
     * folder of the caller, each with the properties asked, in two queries whatever their number.
     */
    void filterFiles(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        DavXml.FilterFiles asked = DavXml.filterFiles(req.getInputStream(), NextcloudProperties.OC);
        DavXml.Propfind props = asked.names().isEmpty()
                ? new DavXml.Propfind(
                        DavXml.Propfind.Kind.PROP, List.of(LiveProperties.RESOURCETYPE, LiveProperties.GETETAG))
                : new DavXml.Propfind(DavXml.Propfind.Kind.PROP, asked.names());
        List<dev.nubo.files.api.Favorites.Starred> starred = favorites.listWithPaths(target.caller());
        LiveProperties.Quota quota = PropfindMethod.needsQuota(props) ? propfind.quota(target.caller()) : null;
        PropfindMethod.Asked plan = PropfindMethod.Asked.of(props, true);
        NextcloudPages page = propfind.nextcloudPages(target.caller(), props, null);
        NextcloudProperties.Page ncPage = page.of(List.of());
        java.util.Set<Long> all = new java.util.HashSet<>();
        starred.forEach(s -> all.add(s.node().id()));
        List<StarredPlace> places = new ArrayList<>();
        for (dev.nubo.files.api.Favorites.Starred s : starred) {
            places.add(new StarredPlace(
                    s.node(), s.path().isEmpty() ? List.of() : List.of(s.path().split("/"))));
        }
        places.addAll(starredInCollections(target.caller(), all));
        NextcloudProperties.Page withStars = new NextcloudProperties.Page(ncPage.standing(), all, Map.of());
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 64 * 1024);
                Multistatus ms = PropfindMethod.multistatus(out, target)) {
            for (StarredPlace p : places) {
                PropfindMethod.describe(
                        ms,
                        DavPath.href(target.base(), p.names(), p.node().folder()),
                        p.node(),
                        false,
                        plan,
                        quota,
                        withStars,
                        Map.of(),
                        w -> {});
            }
        }
    }

    /** A starred item and its names below the caller's DAV root (through "Shared with me" or "Drives" for others' items). */
    private record StarredPlace(NodeView node, List<String> names) {}

    /**
     * The caller's starred items inside the "Shared with me" and "Drives" collections, where the clients find them:
     * the collections' entries are the items shared with the caller while a live grant lasts, so a star outlives no
     * access. {@code stars} gains their ids (the oc:favorite property).
     */
    private List<StarredPlace> starredInCollections(UUID caller, java.util.Set<Long> stars) {
        Map<Long, List<String>> entries = new java.util.HashMap<>();
        for (SharedWithMe.Mount m : sharedWithMe.inRoot(caller, tree.root(caller))) {
            for (SharedWithMe.Entry e : m.entries()) {
                entries.putIfAbsent(
                        e.share().node().id(), List.of(m.collection().name(), e.name()));
            }
        }
        List<StarredPlace> places = new ArrayList<>();
        for (dev.nubo.files.api.Favorites.StarredBelow s : favorites.listBelow(caller, entries.keySet())) {
            List<String> names = new ArrayList<>(entries.get(s.entryId()));
            if (!s.path().isEmpty()) {
                names.addAll(List.of(s.path().split("/")));
            }
            stars.add(s.node().id());
            places.add(new StarredPlace(s.node(), names));
        }
        return places;
    }
}
