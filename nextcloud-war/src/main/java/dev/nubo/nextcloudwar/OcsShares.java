package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.SharedWithMe;
import dev.nubo.dav.core.DavPath;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.Locations;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.GrantView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import dev.nubo.share.api.Shares;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Nextcloud's OCS sharing API ({@code apps/files_sharing/api/v1/shares}) over the same grants as REST, so the
 * clients' share dialogs work: list (by path, of the items in a folder, shared with me, or everything the caller
 * shared), create user and group shares and public links ({@link OcsLinkShares}), change permissions or expiry,
 * delete. Nextcloud's permission bits map to
 * roles: any of update, create or delete (2, 4, 8) makes an editor, share (16) a manager, read alone a viewer; the
 * answer gives the bits the role stands for. An expiry date means the share ends when that day ends (UTC).
 */
@ApplicationScoped
public class OcsShares {
    static final String BASE = "/apps/files_sharing/api/v1/shares";
    static final int READ = 1;
    static final int UPDATE = 2;
    static final int CREATE = 4;
    static final int DELETE = 8;
    static final int SHARE = 16;
    static final int USER_SHARE = 0;
    static final int GROUP_SHARE = 1;

    @Inject
    Shares shares;

    @Inject
    FileTree tree;

    @Inject
    UserService users;

    @Inject
    SharedWithMe sharedWithMe;

    @Inject
    OcsLinkShares linkShares;

    @Inject
    Locations locations;

    static boolean handles(String route) {
        return route.equals(BASE) || route.startsWith(BASE + "/");
    }

    void serve(AuthenticatedUser user, boolean v2, String route, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            OcsParams params = OcsParams.read(req);
            String tail = route.substring(BASE.length());
            Long id = tail.isEmpty() ? null : shareId(tail.substring(1));
            boolean link = id != null && OcsLinkShares.isLinkId(id);
            Object data =
                    switch (req.getMethod()) {
                        case "GET" -> id == null ? list(user, params, req) : one(user, id, req);
                        case "POST" -> id == null ? create(user, params, req) : notAllowed();
                        case "PUT" -> {
                            if (id == null) {
                                yield notAllowed();
                            }
                            yield link ? linkShares.update(user, req, id, params) : update(user, id, params, req);
                        }
                        case "DELETE" -> {
                            if (id == null) {
                                yield notAllowed();
                            } else if (link) {
                                linkShares.delete(user, req, id);
                            } else {
                                shares.revoke(actor(user, req), id);
                            }
                            yield List.of();
                        }
                        default -> notAllowed();
                    };
            Ocs.ok(req, res, v2, data);
        } catch (NuboException e) {
            // Nextcloud's clients show the message of a failed share request to the user
            Ocs.failure(req, res, v2, e.kind().httpStatus(), e.getMessage());
        }
    }

    private Object list(AuthenticatedUser user, OcsParams params, HttpServletRequest req) {
        OcsPeople names = new OcsPeople(users);
        List<Object> out = new ArrayList<>();
        if (params.flag("shared_with_me")) {
            Map<Long, String> places = places(user);
            for (IncomingShare s : shares.incoming(user.userId(), false)) {
                out.add(incoming(user, s, names, places));
            }
            return out;
        }
        String path = params.get("path");
        List<GrantView> found;
        List<LinkView> linked;
        if (path == null) {
            found = shares.outgoing(user.userId());
            linked = linkShares.list(user, null, null);
        } else {
            NodeView node = resolve(user, path);
            if (params.flag("subfiles")) {
                found = shares.outgoing(user.userId()).stream()
                        .filter(g -> g.parentId() != null && g.parentId() == node.id())
                        .toList();
                linked = linkShares.list(user, null, node.id());
            } else {
                found = ofNodeIfAllowed(user, node);
                linked = linkShares.list(user, node.id(), null);
            }
        }
        // every item's node and path in one statement for the whole answer, not two small ones per item
        java.util.Set<Long> ids = new java.util.HashSet<>();
        found.forEach(g -> ids.add(g.nodeId()));
        linked.forEach(l -> ids.add(l.nodeId()));
        Map<Long, Locations.Located> where = locations.locate(user.userId(), ids);
        for (GrantView g : found) {
            Locations.Located at = where.get(g.nodeId());
            if (at != null) {
                out.add(outgoing(g, names, at));
            }
        }
        for (LinkView l : linked) {
            Locations.Located at = where.get(l.nodeId());
            if (at != null) {
                out.add(linkShares.describe(req, l, names, at.path()));
            }
        }
        return out;
    }

    /** The shares of an item the caller may not share are none of their business: an empty list, as Nextcloud. */
    private List<GrantView> ofNodeIfAllowed(AuthenticatedUser user, NodeView node) {
        try {
            return shares.ofNode(user.userId(), node.id());
        } catch (NuboException e) {
            if (e.kind() == ErrorKind.FORBIDDEN) {
                return List.of();
            }
            throw e;
        }
    }

    private Object one(AuthenticatedUser user, long id, HttpServletRequest req) {
        OcsPeople names = new OcsPeople(users);
        if (OcsLinkShares.isLinkId(id)) {
            return List.of(linkShares.one(user, req, id, names));
        }
        java.util.Optional<GrantView> mine = shares.outgoing(user.userId(), id);
        if (mine.isPresent()) {
            return List.of(outgoing(mine.get(), names, located(user, mine.get().nodeId())));
        }
        java.util.Optional<IncomingShare> theirs = shares.incoming(user.userId(), id);
        if (theirs.isPresent()) {
            return List.of(incoming(user, theirs.get(), names, places(user)));
        }
        throw new NuboException(ErrorKind.NOT_FOUND, "not_found", "Wrong share ID, share does not exist");
    }

    private Object create(AuthenticatedUser user, OcsParams params, HttpServletRequest req) {
        NodeView node = resolve(user, params.require("path"));
        int type = params.integer("shareType", -1);
        Grantee.Kind kind =
                switch (type) {
                    case USER_SHARE -> Grantee.Kind.USER;
                    case GROUP_SHARE -> Grantee.Kind.GROUP;
                    case OcsLinkShares.LINK_SHARE -> null;
                    default -> throw NuboException.invalid("unsupported share type " + type);
                };
        if (kind == null) {
            return linkShares.create(user, req, node, params);
        }
        Grantee grantee = shares.granteeNamed(kind, params.require("shareWith"));
        ShareRole role = role(params.integer("permissions", READ | UPDATE | CREATE | DELETE | SHARE));
        GrantView g = shares.grant(
                actor(user, req),
                new Shares.NewGrant(node.id(), kind, grantee.id(), role, expiry(params.get("expireDate"))));
        return outgoing(g, new OcsPeople(users), located(user, g.nodeId()));
    }

    private Object update(AuthenticatedUser user, long id, OcsParams params, HttpServletRequest req) {
        ShareRole role = params.has("permissions") ? role(params.integer("permissions", READ)) : null;
        boolean expiry = params.has("expireDate");
        GrantView g = shares.update(
                actor(user, req),
                id,
                new Shares.GrantChanges(role, expiry, expiry ? expiry(params.get("expireDate")) : null));
        return outgoing(g, new OcsPeople(users), located(user, g.nodeId()));
    }

    /** One item's node and path, for an answer about one share. */
    private Locations.Located located(AuthenticatedUser user, long nodeId) {
        Locations.Located at = locations.locate(user.userId(), List.of(nodeId)).get(nodeId);
        if (at == null) {
            throw NuboException.notFound("file or folder");
        }
        return at;
    }

    private Map<String, Object> outgoing(GrantView g, OcsPeople names, Locations.Located at) {
        UserView owner = names.user(g.ownerId());
        UserView by = g.grantedBy() == null ? owner : names.user(g.grantedBy());
        NodeView node = at.node();
        Map<String, Object> m = common(g.id(), g.grantee().kind(), by, owner, node, at.path());
        m.put("permissions", bits(g.role(), node.folder()));
        m.put("stime", g.createdAt().toEpochSecond());
        m.put("expiration", expiration(g.expiresAt()));
        m.put("share_with", g.grantee().name());
        m.put("share_with_displayname", display(g.grantee()));
        m.put("can_edit", true);
        m.put("can_delete", true);
        return m;
    }

    /**
     * Where each item shared with the caller sits in their files, by grant: "/Shared with me/Projects" (the DAV
     * collection's names, so the clients find it where they sync it).
     */
    private Map<Long, String> places(AuthenticatedUser user) {
        Map<Long, String> places = new HashMap<>();
        sharedWithMe
                .inRoot(user.userId(), tree.root(user.userId()))
                .forEach(m -> m.entries()
                        .forEach(e -> places.put(
                                e.share().grantId(), "/" + m.collection().name() + "/" + e.name())));
        return places;
    }

    private Map<String, Object> incoming(
            AuthenticatedUser user, IncomingShare s, OcsPeople names, Map<Long, String> places) {
        UserView owner = names.user(s.owner().id());
        String place = places.getOrDefault(s.grantId(), "/" + s.node().name());
        Map<String, Object> m = common(
                s.grantId(), s.via() == null ? Grantee.Kind.USER : Grantee.Kind.GROUP, owner, owner, s.node(), place);
        m.put("permissions", bits(s.role(), s.node().folder()));
        m.put("stime", s.since().toEpochSecond());
        m.put("expiration", expiration(s.expiresAt()));
        m.put("share_with", s.via() == null ? user.username() : s.via().name());
        m.put("share_with_displayname", s.via() == null ? user.username() : display(s.via()));
        m.put("can_edit", s.role() == ShareRole.MANAGER);
        m.put("can_delete", true);
        m.put("file_target", place);
        return m;
    }

    private Map<String, Object> common(
            long id, Grantee.Kind kind, UserView by, UserView owner, NodeView node, String path) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", String.valueOf(id));
        m.put("share_type", kind == Grantee.Kind.USER ? USER_SHARE : GROUP_SHARE);
        m.put("uid_owner", by.username());
        m.put("displayname_owner", display(by));
        m.put("parent", null);
        m.put("token", null);
        m.put("uid_file_owner", owner.username());
        m.put("displayname_file_owner", display(owner));
        m.put("note", "");
        m.put("label", "");
        m.put("path", path);
        m.put("item_type", node.folder() ? "folder" : "file");
        m.put("mimetype", node.folder() ? "httpd/unix-directory" : node.mimeType());
        m.put("has_preview", false);
        m.put("storage_id", "home::" + owner.username());
        m.put("storage", 1);
        m.put("item_source", node.id());
        m.put("file_source", node.id());
        m.put("file_parent", node.parentId());
        m.put("file_target", "/" + node.name());
        m.put("mail_send", 0);
        m.put("hide_download", 0);
        m.put("attributes", null);
        return m;
    }

    /**
     * A path of the caller's files as the clients send it ("/Work/Projects", or "/Shared with me/Projects/Sub" for a
     * manager sharing onward); 404 when nothing is there.
     */
    private NodeView resolve(AuthenticatedUser user, String path) {
        List<NodeName> names = DavPath.names(path);
        FileTree.Resolved r = sharedWithMe.resolve(user.userId(), names).resolved();
        if (r.matched() != names.size()) {
            throw new NuboException(ErrorKind.NOT_FOUND, "not_found", "Wrong path, file/folder does not exist");
        }
        return r.node();
    }

    static ShareRole role(int permissions) {
        if (permissions < 1 || permissions > 31 || (permissions & READ) == 0) {
            throw NuboException.invalid("permissions must include read (1) and stay within 1 to 31");
        }
        if ((permissions & SHARE) != 0) {
            return ShareRole.MANAGER;
        }
        return (permissions & (UPDATE | CREATE | DELETE)) != 0 ? ShareRole.EDITOR : ShareRole.VIEWER;
    }

    static int bits(ShareRole role, boolean folder) {
        int write = folder ? UPDATE | CREATE | DELETE : UPDATE;
        return switch (role) {
            case VIEWER -> READ;
            case EDITOR -> READ | write;
            case MANAGER -> READ | write | SHARE;
        };
    }

    /** "2027-01-31": the share ends when that day ends (UTC); an empty value removes the expiry. */
    static OffsetDateTime expiry(String date) {
        if (date == null || date.isBlank()) {
            return null;
        }
        try {
            String day = date.length() > 10 ? date.substring(0, 10) : date;
            return LocalDate.parse(day).plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw NuboException.invalid("expireDate must be a date like 2027-01-31");
        }
    }

    /** Nextcloud's "YYYY-MM-DD 00:00:00" of the last day the share lives. */
    static String expiration(OffsetDateTime expiresAt) {
        if (expiresAt == null) {
            return null;
        }
        return expiresAt.withOffsetSameInstant(ZoneOffset.UTC).minusNanos(1).toLocalDate() + " 00:00:00";
    }

    private static long shareId(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new NuboException(ErrorKind.NOT_FOUND, "not_found", "Wrong share ID, share does not exist");
        }
    }

    private static Object notAllowed() {
        throw NuboException.invalid("this method is not supported here");
    }

    private static ShareAudit.Actor actor(AuthenticatedUser user, HttpServletRequest req) {
        return new ShareAudit.Actor(user.userId(), req.getRemoteAddr());
    }

    static String display(UserView u) {
        return u.displayName() == null || u.displayName().isBlank() ? u.username() : u.displayName();
    }

    private static String display(Grantee g) {
        return g.displayName() == null || g.displayName().isBlank() ? g.name() : g.displayName();
    }
}
