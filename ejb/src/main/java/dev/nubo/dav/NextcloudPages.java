package dev.nubo.dav;

import dev.nubo.dav.core.DavXml;
import dev.nubo.files.api.Favorites;
import dev.nubo.files.api.NodeView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.Shares;
import dev.nubo.users.api.UserService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import javax.xml.namespace.QName;

/**
 * What the oc: properties of one listing need beyond its nodes, read at most once per page and only when asked: the
 * caller's names (once per request), the favorites among a page, the kinds of grants the caller made on a page
 * (oc:share-types). Owner and permissions of shared items come from the share the path goes through, which the
 * request has already read, so a Depth 1 listing of 1,000 shared entries costs no query per entry.
 */
final class NextcloudPages {
    /** oc:permissions of the "Shared with me" collection: readable, nothing can be created, moved or deleted in it. */
    static final String COLLECTION_RIGHTS = "G";

    private static final QName OWNER_ID = new QName(NextcloudProperties.OC, "owner-id");
    private static final QName OWNER_NAME = new QName(NextcloudProperties.OC, "owner-display-name");
    private static final QName SHARE_TYPES = new QName(NextcloudProperties.OC, "share-types");

    private final UUID caller;
    private final SharedWithMe.Mount mount;
    private final UserService users;
    private final Favorites favorites;
    private final Shares shares;
    private final boolean wantsOwner;
    private final boolean wantsFavorites;
    private final boolean wantsShareTypes;
    private Function<NodeView, NextcloudProperties.Standing> standing;

    NextcloudPages(
            UUID caller,
            DavXml.Propfind asked,
            SharedWithMe.Mount mount,
            UserService users,
            Favorites favorites,
            Shares shares) {
        this.caller = caller;
        this.mount = mount;
        this.users = users;
        this.favorites = favorites;
        this.shares = shares;
        boolean prop = asked.kind() == DavXml.Propfind.Kind.PROP;
        this.wantsOwner =
                prop && (asked.names().contains(OWNER_ID) || asked.names().contains(OWNER_NAME));
        this.wantsFavorites = prop && asked.names().contains(NextcloudProperties.FAVORITE);
        this.wantsShareTypes = prop && asked.names().contains(SHARE_TYPES);
    }

    NextcloudProperties.Page of(List<NodeView> nodes) {
        if (standing == null) {
            standing = standing();
        }
        List<Long> ids = nodes.stream().map(NodeView::id).toList();
        Set<Long> starred = wantsFavorites ? favorites.among(caller, ids) : Set.of();
        Map<Long, Set<Grantee.Kind>> types = wantsShareTypes ? shares.sharedBy(caller, ids) : Map.of();
        return new NextcloudProperties.Page(standing, starred, types);
    }

    private Function<NodeView, NextcloudProperties.Standing> standing() {
        String[] me = {"", ""};
        if (wantsOwner) {
            users.find(caller).ifPresent(u -> {
                me[0] = u.username();
                me[1] = u.displayName() == null || u.displayName().isBlank() ? u.username() : u.displayName();
            });
        }
        Function<NodeView, NextcloudProperties.Standing> mine = NextcloudProperties.own(me[0], me[1]);
        NextcloudProperties.Standing collection = new NextcloudProperties.Standing(me[0], me[1], COLLECTION_RIGHTS);
        Function<NodeView, NextcloudProperties.Standing> own =
                node -> SharedWithMe.isVirtual(node.id()) ? collection : mine.apply(node);
        if (mount == null) {
            return own;
        }
        if (mount.entry() == null) {
            // the collection and its members: each member is the root of its share
            Map<Long, IncomingShare> roots = new HashMap<>();
            mount.entries().forEach(e -> roots.put(e.share().node().id(), e.share()));
            return node -> {
                IncomingShare s = roots.get(node.id());
                return s != null ? of(s, true, node.folder()) : own.apply(node);
            };
        }
        IncomingShare s = mount.entry().share();
        long rootId = s.node().id();
        NextcloudProperties.Standing[] inside = {of(s, false, false), of(s, false, true)};
        NextcloudProperties.Standing[] root = {of(s, true, false), of(s, true, true)};
        return node -> (node.id() == rootId ? root : inside)[node.folder() ? 1 : 0];
    }

    private static NextcloudProperties.Standing of(IncomingShare s, boolean shareRoot, boolean folder) {
        Grantee owner = s.owner();
        String display =
                owner.displayName() == null || owner.displayName().isBlank() ? owner.name() : owner.displayName();
        return new NextcloudProperties.Standing(
                owner.name(), display, NextcloudProperties.permissions(s.role(), shareRoot, folder));
    }
}
