package dev.nubo.links.service;

import dev.nubo.auth.api.PasswordHasher;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkSpec;
import dev.nubo.links.api.LinkUpdate;
import dev.nubo.links.api.LinkView;
import dev.nubo.links.api.Links;
import dev.nubo.links.domain.LinkToken;
import dev.nubo.links.infra.SqlLinkStore;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.AuditEntry;
import dev.nubo.share.api.ShareAudit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The owner side: every change checks {@code SHARE} on the link's item through {@link FileAccess}. */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class LinksBean implements Links {
    static final int MAX_PASSWORD = 256;
    static final int MAX_LABEL = 255;

    @Inject
    FileAccess access;

    @Inject
    SqlLinkStore store;

    @Inject
    PasswordHasher hasher;

    @Inject
    ShareAudit audit;

    @Override
    public LinkView create(UUID caller, ShareAudit.Actor actor, LinkSpec spec) {
        NodeView node = access.require(caller, spec.nodeId(), FileAccess.Need.SHARE);
        checkPermissionFits(spec.permission(), node);
        if (node.parentId() == null) {
            throw NuboException.conflict("root_not_shareable", "share a folder or file, not the whole root");
        }
        String password = spec.password().map(LinksBean::checkPassword).orElse(null);
        spec.expiresAt().ifPresent(LinksBean::checkExpiry);
        spec.downloadLimit().ifPresent(LinksBean::checkLimit);
        String label = spec.label().map(LinksBean::checkLabel).orElse(null);
        LinkToken token = LinkToken.generate();
        UUID owner = access.ownerOf(node.id());
        long id = store.insert(
                token.sha256(),
                token.value(),
                node.id(),
                owner,
                caller,
                spec.permission(),
                password == null ? null : hasher.hash(password),
                spec.expiresAt().orElse(null),
                spec.downloadLimit().orElse(null),
                label);
        audit.record(
                actor,
                "link.create",
                owner,
                node.id(),
                subject(id),
                spec.permission().wire() + " of '" + node.name() + "'" + (password == null ? "" : ", password")
                        + spec.expiresAt().map(e -> ", expires " + e).orElse("")
                        + spec.downloadLimit().map(l -> ", limit " + l).orElse(""));
        return store.find(id).orElseThrow();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<LinkView> list(UUID caller, Optional<Long> nodeId) {
        if (nodeId.isPresent()) {
            access.require(caller, nodeId.get(), FileAccess.Need.SHARE);
            return store.ofNode(nodeId.get());
        }
        return store.ofUser(caller);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public LinkView get(UUID caller, long linkId) {
        return manageable(caller, linkId);
    }

    @Override
    public LinkView update(UUID caller, ShareAudit.Actor actor, long linkId, LinkUpdate u) {
        LinkView link = manageable(caller, linkId);
        List<String> changed = new ArrayList<>();
        if (u.permission().isPresent()) {
            NodeView node = access.require(caller, link.nodeId(), FileAccess.Need.SHARE);
            checkPermissionFits(u.permission().get(), node);
            store.set(linkId, "permission", u.permission().get().wire());
            changed.add("permission " + u.permission().get().wire());
        }
        u.password().ifPresent(p -> {
            store.set(
                    linkId,
                    "password_hash",
                    p.map(LinksBean::checkPassword).map(hasher::hash).orElse(null));
            changed.add(p.isPresent() ? "password set" : "password removed");
        });
        u.expiresAt().ifPresent(e -> {
            e.ifPresent(LinksBean::checkExpiry);
            store.set(linkId, "expires_at", e.orElse(null));
            changed.add(e.map(x -> "expires " + x).orElse("no expiry"));
        });
        u.downloadLimit().ifPresent(l -> {
            l.ifPresent(LinksBean::checkLimit);
            store.set(linkId, "download_limit", l.orElse(null));
            changed.add(l.map(x -> "limit " + x).orElse("no limit"));
        });
        u.label().ifPresent(l -> {
            store.set(linkId, "label", l.map(LinksBean::checkLabel).orElse(null));
            changed.add("label");
        });
        if (!changed.isEmpty()) {
            audit.record(
                    actor, "link.update", link.ownerId(), link.nodeId(), subject(linkId), String.join(", ", changed));
        }
        return store.find(linkId).orElseThrow();
    }

    @Override
    public void delete(UUID caller, ShareAudit.Actor actor, long linkId) {
        LinkView link = manageable(caller, linkId);
        store.delete(linkId);
        audit.record(actor, "link.delete", link.ownerId(), link.nodeId(), subject(linkId), "'" + link.nodeName() + "'");
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEntry> audit(UUID caller, long linkId, int limit) {
        LinkView link = manageable(caller, linkId);
        String subject = subject(linkId);
        int wanted = Math.max(1, Math.min(limit, 500));
        List<AuditEntry> out = new ArrayList<>();
        Optional<ShareAudit.Cursor> after = Optional.empty();
        // the owner's trail, filtered to this link; bounded so a long history cannot make this request unbounded
        for (int pages = 0; pages < 20 && out.size() < wanted; pages++) {
            List<AuditEntry> page = audit.forOwner(link.ownerId(), after, 500);
            page.stream()
                    .filter(e -> subject.equals(e.subject()))
                    .limit(wanted - out.size())
                    .forEach(out::add);
            if (page.size() < 500) {
                break;
            }
            AuditEntry last = page.get(page.size() - 1);
            after = Optional.of(new ShareAudit.Cursor(last.at(), last.id()));
        }
        return out;
    }

    /** The link, if the caller may share its item; otherwise 404 like a link that does not exist. */
    private LinkView manageable(UUID caller, long linkId) {
        LinkView link = store.find(linkId).orElseThrow(() -> NuboException.notFound("link"));
        try {
            access.require(caller, link.nodeId(), FileAccess.Need.SHARE);
        } catch (NuboException e) {
            // a viewer of the item learns nothing of its links either
            throw NuboException.notFound("link");
        }
        return link;
    }

    static String subject(long linkId) {
        return "link " + linkId;
    }

    private static void checkPermissionFits(LinkPermission permission, NodeView node) {
        if (!node.folder() && (permission == LinkPermission.DROP || permission == LinkPermission.EDIT)) {
            throw NuboException.conflict(
                    "not_a_folder", "a " + permission.wire() + " link needs a folder; '" + node.name() + "' is a file");
        }
    }

    private static String checkPassword(String p) {
        if (p.isEmpty() || p.length() > MAX_PASSWORD) {
            throw NuboException.invalid("a link password has 1 to " + MAX_PASSWORD + " characters");
        }
        return p;
    }

    private static void checkExpiry(Instant e) {
        if (!e.isAfter(Instant.now())) {
            throw NuboException.invalid("expiresAt must lie in the future");
        }
    }

    private static void checkLimit(int limit) {
        if (limit < 1) {
            throw NuboException.invalid("downloadLimit must be at least 1");
        }
    }

    private static String checkLabel(String label) {
        if (label.length() > MAX_LABEL) {
            throw NuboException.invalid("a label has at most " + MAX_LABEL + " characters");
        }
        return label.isBlank() ? null : label.strip();
    }
}
