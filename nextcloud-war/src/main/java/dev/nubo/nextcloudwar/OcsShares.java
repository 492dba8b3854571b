package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.DavPath;
import dev.nubo.dav.SharedWithMe;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.GrantView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.share.api.ShareRole;
import dev.nubo.share.api.Shares;
import dev.nubo.users.api.Role;
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
import java.util.UUID;

/**
 * Nextcloud's OCS sharing API ({@code apps/files_sharing/api/v1/shares}) over the same grants as REST, so the
 * clients' share dialogs work: list (by path, of the items in a folder, shared with me, or everything the caller
 * shared), create user and group shares, change permissions or expiry, delete. Nextcloud's permission bits map to
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

    static boolean handles(String route) {
        return route.equals(BASE) || route.startsWith(BASE + "/");
    }

    void serve(AuthenticatedUser user, boolean v2, String route, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            OcsParams params = OcsParams.read(req);
            String tail = route.substring(BASE.length());
            Long id = tail.isEmpty() ? null : shareId(tail.substring(1));
            Object data =
                    switch (req.getMethod()) {
                        case "GET" -> id == null ? list(user, params) : one(user, id);
                        case "POST" -> id == null ? create(user, params, req) : notAllowed();
                        case "PUT" -> id == null ? notAllowed() : update(user, id, params, req);
                        case "DELETE" -> {
                            if (id == null) {
                                yield notAllowed();
                            }
                            shares.revoke(actor(user, req), id);
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

    private Object list(AuthenticatedUser user, OcsParams params) {
        Names names = new Names();
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
        if (path == null) {
            found = shares.outgoing(user.userId());
        } else {
            NodeView node = resolve(user, path);
            if (params.flag("subfiles")) {
                found = shares.outgoing(user.userId()).stream()
                        .filter(g -> g.parentId() != null && g.parentId() == node.id())
                        .toList();
            } else {
                found = ofNodeIfAllowed(user, node);
            }
        }
        for (GrantView g : found) {
            out.add(outgoing(user, g, names));
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

    private Object one(AuthenticatedUser user, long id) {
        Names names = new Names();
        for (GrantView g : shares.outgoing(user.userId())) {
            if (g.id() == id) {
                return List.of(outgoing(user, g, names));
            }
        }
        for (IncomingShare s : shares.incoming(user.userId(), true)) {
            if (s.grantId() == id) {
                return List.of(incoming(user, s, names, places(user)));
            }
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
                    case 3 -> throw NuboException.invalid("public links cannot be created through this API yet");
                    default -> throw NuboException.invalid("unsupported share type " + type);
                };
        Grantee grantee = shares.granteeNamed(kind, params.require("shareWith"));
        ShareRole role = role(params.integer("permissions", READ | UPDATE | CREATE | DELETE | SHARE));
        GrantView g = shares.grant(
                actor(user, req),
                new Shares.NewGrant(node.id(), kind, grantee.id(), role, expiry(params.get("expireDate"))));
        return outgoing(user, g, new Names());
    }

    private Object update(AuthenticatedUser user, long id, OcsParams params, HttpServletRequest req) {
        ShareRole role = params.has("permissions") ? role(params.integer("permissions", READ)) : null;
        boolean expiry = params.has("expireDate");
        GrantView g = shares.update(
                actor(user, req),
                id,
                new Shares.GrantChanges(role, expiry, expiry ? expiry(params.get("expireDate")) : null));
        return outgoing(user, g, new Names());
    }

    private Map<String, Object> outgoing(AuthenticatedUser user, GrantView g, Names names) {
        UserView owner = names.user(g.ownerId());
        UserView by = g.grantedBy() == null ? owner : names.user(g.grantedBy());
        NodeView node = tree.get(user.userId(), g.nodeId());
        Map<String, Object> m = common(g.id(), g.grantee().kind(), by, owner, node, user);
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
            AuthenticatedUser user, IncomingShare s, Names names, Map<Long, String> places) {
        UserView owner = names.user(s.owner().id());
        Map<String, Object> m = common(
                s.grantId(), s.via() == null ? Grantee.Kind.USER : Grantee.Kind.GROUP, owner, owner, s.node(), user);
        m.put("permissions", bits(s.role(), s.node().folder()));
        m.put("stime", s.since().toEpochSecond());
        m.put("expiration", expiration(s.expiresAt()));
        m.put("share_with", s.via() == null ? user.username() : s.via().name());
        m.put("share_with_displayname", s.via() == null ? user.username() : display(s.via()));
        m.put("can_edit", s.role() == ShareRole.MANAGER);
        m.put("can_delete", true);
        String place = places.getOrDefault(s.grantId(), "/" + s.node().name());
        m.put("path", place);
        m.put("file_target", place);
        return m;
    }

    private Map<String, Object> common(
            long id, Grantee.Kind kind, UserView by, UserView owner, NodeView node, AuthenticatedUser user) {
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
        m.put("path", tree.pathOf(user.userId(), node.id()));
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

    private static String display(UserView u) {
        return u.displayName() == null || u.displayName().isBlank() ? u.username() : u.displayName();
    }

    private static String display(Grantee g) {
        return g.displayName() == null || g.displayName().isBlank() ? g.name() : g.displayName();
    }

    /** The users one answer names, each looked up once. */
    private final class Names {
        private final Map<UUID, UserView> seen = new HashMap<>();

        UserView user(UUID id) {
            // an item of a shared drive is owned by the drive's account, which is no user: shown as the drive
            return seen.computeIfAbsent(
                    id,
                    k -> users.find(k)
                            .orElseGet(() -> new UserView(
                                    k, "drive", "Shared drive", null, Role.USER, false, null, 0, null, false)));
        }
    }
}
