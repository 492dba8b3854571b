package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.files.api.Locations;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkSpec;
import dev.nubo.links.api.LinkUpdate;
import dev.nubo.links.api.LinkView;
import dev.nubo.links.api.Links;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.config.ServerSettings;
import dev.nubo.share.api.ShareAudit;
import dev.nubo.users.api.UserView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Public links (share type 3) in Nextcloud's OCS sharing API, over the same {@link Links} service as REST. Link ids
 * share the OCS id space with grant ids by an offset ({@link #ID_OFFSET} + the link's id), so neither collides with
 * the other while ids stay numbers, as the clients parse them. A link the caller may not share answers 404, whether
 * it exists or not.
 *
 * <p>Permissions: 1 (read; 17 with share) is a download link, or a view link with {@code hideDownload=true}; 4
 * (create only: Nextcloud's "file drop") a drop link; read with any of update, create or delete (such as 15 or 31),
 * or {@code publicUpload=true}, an edit link (folders only). The answer gives 1, 4 or 15 back. {@code share_with} and
 * {@code password} never carry the password's hash, as Nextcloud's do: they are a fixed placeholder when the link has
 * a password (the clients test them for emptiness), null otherwise.
 */
@ApplicationScoped
public class OcsLinkShares {
    static final int LINK_SHARE = 3;
    /** Added to a link's id to make its OCS id: above any grant id this server will reach. */
    static final long ID_OFFSET = 1_000_000_000_000L;

    static final String PASSWORD_PLACEHOLDER = "********";

    @Inject
    Links links;

    @Inject
    Locations locations;

    @Inject
    ServerSettings server;

    @Inject
    dev.nubo.users.api.UserService users;

    static boolean isLinkId(long id) {
        return id > ID_OFFSET;
    }

    /** The caller's links, of one item ({@code nodeId}), or of every item whose folder is {@code parentId}. */
    List<LinkView> list(AuthenticatedUser user, Long nodeId, Long parentId) {
        List<LinkView> found;
        if (nodeId != null) {
            try {
                found = links.list(user.userId(), Optional.of(nodeId));
            } catch (NuboException e) {
                if (e.kind() != ErrorKind.FORBIDDEN) {
                    throw e;
                }
                found = List.of();
            }
        } else {
            found = links.list(user.userId(), Optional.empty()).stream()
                    .filter(l -> parentId == null || parentId.equals(l.parentId()))
                    .toList();
        }
        return found;
    }

    Map<String, Object> one(AuthenticatedUser user, HttpServletRequest req, long ocsId, OcsPeople people) {
        return described(user, req, hidden(() -> links.get(user.userId(), ocsId - ID_OFFSET)), people);
    }

    Map<String, Object> create(AuthenticatedUser user, HttpServletRequest req, NodeView node, OcsParams params) {
        LinkPermission permission = permission(params, LinkPermission.DOWNLOAD);
        String password = params.get("password");
        LinkView made = links.create(
                user.userId(),
                actor(user, req),
                new LinkSpec(
                        node.id(),
                        permission,
                        password == null || password.isEmpty() ? Optional.empty() : Optional.of(password),
                        Optional.ofNullable(instant(OcsShares.expiry(params.get("expireDate")))),
                        Optional.empty(),
                        Optional.ofNullable(params.get("label")).filter(l -> !l.isBlank())));
        return described(user, req, made, new OcsPeople(users));
    }

    Map<String, Object> update(AuthenticatedUser user, HttpServletRequest req, long ocsId, OcsParams params) {
        long id = ocsId - ID_OFFSET;
        LinkView current = hidden(() -> links.get(user.userId(), id));
        Optional<LinkPermission> permission = Optional.empty();
        if (params.has("permissions") || params.has("publicUpload")) {
            permission = Optional.of(permission(params, current.permission()));
        } else if (params.has("hideDownload")) {
            boolean hide = params.flag("hideDownload");
            if (hide && current.permission() == LinkPermission.DOWNLOAD) {
                permission = Optional.of(LinkPermission.VIEW);
            } else if (!hide && current.permission() == LinkPermission.VIEW) {
                permission = Optional.of(LinkPermission.DOWNLOAD);
            }
        }
        Optional<Optional<String>> password = params.has("password")
                ? Optional.of(Optional.ofNullable(params.get("password")).filter(p -> !p.isEmpty()))
                : Optional.empty();
        Optional<Optional<Instant>> expiry = params.has("expireDate")
                ? Optional.of(Optional.ofNullable(instant(OcsShares.expiry(params.get("expireDate")))))
                : Optional.empty();
        Optional<Optional<String>> label = params.has("label")
                ? Optional.of(Optional.ofNullable(params.get("label")).filter(l -> !l.isBlank()))
                : Optional.empty();
        LinkView changed = links.update(
                user.userId(),
                actor(user, req),
                id,
                new LinkUpdate(permission, password, expiry, Optional.empty(), label));
        return described(user, req, changed, new OcsPeople(users));
    }

    void delete(AuthenticatedUser user, HttpServletRequest req, long ocsId) {
        hidden(() -> {
            links.delete(user.userId(), actor(user, req), ocsId - ID_OFFSET);
            return null;
        });
    }

    /** What the OCS permission bits (or {@code publicUpload}, {@code hideDownload}) ask for; {@code fallback} if none. */
    static LinkPermission permission(OcsParams params, LinkPermission fallback) {
        LinkPermission chosen = fallback;
        if (params.has("permissions")) {
            int bits = params.integer("permissions", OcsShares.READ);
            if (bits < 1 || bits > 31) {
                throw NuboException.invalid("permissions must stay within 1 to 31");
            }
            int write = OcsShares.UPDATE | OcsShares.CREATE | OcsShares.DELETE;
            if ((bits & OcsShares.READ) == 0) {
                if ((bits & ~OcsShares.SHARE) != OcsShares.CREATE) {
                    throw NuboException.invalid("a link without read permission can only be a file drop (4)");
                }
                chosen = LinkPermission.DROP;
            } else {
                chosen = (bits & write) != 0 ? LinkPermission.EDIT : LinkPermission.DOWNLOAD;
            }
        } else if (params.has("publicUpload")) {
            chosen = params.flag("publicUpload") ? LinkPermission.EDIT : LinkPermission.DOWNLOAD;
        }
        if (chosen == LinkPermission.DOWNLOAD && params.flag("hideDownload")) {
            chosen = LinkPermission.VIEW;
        }
        return chosen;
    }

    static int bits(LinkPermission permission) {
        return switch (permission) {
            case VIEW, DOWNLOAD -> OcsShares.READ;
            case DROP -> OcsShares.CREATE;
            case EDIT -> OcsShares.READ | OcsShares.UPDATE | OcsShares.CREATE | OcsShares.DELETE;
        };
    }

    /** One link, its path read on its own (a list reads the paths of a page at once and calls {@link #describe}). */
    private Map<String, Object> described(
            AuthenticatedUser user, HttpServletRequest req, LinkView l, OcsPeople people) {
        Locations.Located at =
                locations.locate(user.userId(), List.of(l.nodeId())).get(l.nodeId());
        if (at == null) {
            throw NuboException.notFound("file or folder");
        }
        return describe(req, l, people, at.path());
    }

    /** The link as the clients read it; {@code path} is its item's as the caller sees it. */
    Map<String, Object> describe(HttpServletRequest req, LinkView l, OcsPeople people, String path) {
        UserView owner = people.user(l.ownerId());
        UserView by = l.createdBy() == null ? owner : people.user(l.createdBy());
        String protectedBy = l.passwordProtected() ? PASSWORD_PLACEHOLDER : null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", String.valueOf(ID_OFFSET + l.id()));
        m.put("share_type", LINK_SHARE);
        m.put("uid_owner", by.username());
        m.put("displayname_owner", OcsShares.display(by));
        m.put("permissions", bits(l.permission()));
        m.put("can_edit", true);
        m.put("can_delete", true);
        m.put("stime", l.createdAt().getEpochSecond());
        m.put("parent", null);
        m.put(
                "expiration",
                l.expiresAt() == null
                        ? null
                        : OcsShares.expiration(l.expiresAt().atOffset(ZoneOffset.UTC)));
        m.put("token", l.token());
        m.put("uid_file_owner", owner.username());
        m.put("displayname_file_owner", OcsShares.display(owner));
        m.put("note", "");
        m.put("label", l.label() == null ? "" : l.label());
        m.put("path", path);
        m.put("item_type", l.folder() ? "folder" : "file");
        m.put("mimetype", l.folder() ? "httpd/unix-directory" : l.mimeType());
        m.put("has_preview", false);
        m.put("storage_id", "home::" + owner.username());
        m.put("storage", 1);
        m.put("item_source", l.nodeId());
        m.put("file_source", l.nodeId());
        m.put("file_parent", l.parentId());
        m.put("file_target", "/" + l.nodeName());
        m.put("share_with", protectedBy);
        m.put("share_with_displayname", protectedBy);
        m.put("password", protectedBy);
        m.put("send_password_by_talk", false);
        m.put("url", base(req) + "/s/" + l.token());
        m.put("mail_send", 0);
        m.put("hide_download", l.permission() == LinkPermission.VIEW ? 1 : 0);
        m.put("attributes", null);
        return m;
    }

    /** NUBO_BASE_URL when set, else the address this request came to (without the /nextcloud prefix). */
    private String base(HttpServletRequest req) {
        String url = server.baseUrl().map(Object::toString).orElseGet(() -> {
            String full = req.getRequestURL().toString();
            return full.substring(0, full.length() - req.getRequestURI().length()) + req.getContextPath();
        });
        String root = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        // in the EAR the dialect has a context of its own; the web app lives at the server's root
        return root.endsWith("/nextcloud") ? root.substring(0, root.length() - "/nextcloud".length()) : root;
    }

    /** A link the caller may see but not share is 404 here too, like one that does not exist. */
    private static <T> T hidden(Supplier<T> call) {
        try {
            return call.get();
        } catch (NuboException e) {
            if (e.kind() == ErrorKind.FORBIDDEN || e.kind() == ErrorKind.NOT_FOUND) {
                throw new NuboException(ErrorKind.NOT_FOUND, "not_found", "Wrong share ID, share does not exist");
            }
            throw e;
        }
    }

    private static Instant instant(OffsetDateTime at) {
        return at == null ? null : at.toInstant();
    }

    private static ShareAudit.Actor actor(AuthenticatedUser user, HttpServletRequest req) {
        return new ShareAudit.Actor(user.userId(), req.getRemoteAddr());
    }
}
