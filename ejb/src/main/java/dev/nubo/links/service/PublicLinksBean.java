package dev.nubo.links.service;

import dev.nubo.auth.api.PasswordHasher;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkPermission.Need;
import dev.nubo.links.api.OpenLink;
import dev.nubo.links.api.PublicLinks;
import dev.nubo.links.domain.LinkToken;
import dev.nubo.links.domain.UnlockSignature;
import dev.nubo.links.infra.SqlLinkStore;
import dev.nubo.links.infra.UnlockThrottle;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.security.ServerSecrets;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The visitor's side. Acts on the item's owner's tree through the files API (so quota, trash and conflict rules are
 * the owner's), after one statement proved the token live and the item beneath the link's root.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class PublicLinksBean implements PublicLinks {
    static final String SECRET = "link-unlock-hmac";

    @Inject
    SqlLinkStore store;

    @Inject
    FileTree tree;

    @Inject
    FileContent content;

    @Inject
    PasswordHasher hasher;

    @Inject
    ServerSecrets secrets;

    @Inject
    UnlockThrottle throttle;

    @Inject
    AccessRecorder recorder;

    private volatile UnlockSignature signature;

    @Override
    public OpenLink open(String token) {
        return root(token).link();
    }

    @Override
    public LinkedItem root(String token) {
        return item(token, null);
    }

    @Override
    public LinkedItem item(String token, long nodeId) {
        return item(token, Long.valueOf(nodeId));
    }

    private LinkedItem item(String token, Long nodeId) {
        return itemOf(resolve(token, nodeId));
    }

    /** The token's live link and item; the stored token compared in constant time after the lookup by digest. */
    private SqlLinkStore.Resolved resolve(String token, Long nodeId) {
        LinkToken parsed = LinkToken.parse(token).orElseThrow(PublicLinksBean::gone);
        return live(parsed, store.resolve(parsed.sha256(), nodeId));
    }

    /**
     * The found link if it is this token's and its creator may still share its item; a link made by a manager who
     * has since lost that right answers 404 like a revoked one, and says why in the audit trail (once in a while,
     * not once per request).
     */
    private SqlLinkStore.Resolved live(LinkToken parsed, Optional<SqlLinkStore.Resolved> found) {
        SqlLinkStore.Resolved r = found.filter(f -> parsed.matches(f.token())).orElseThrow(PublicLinksBean::gone);
        if (!r.creatorMayShare()) {
            recorder.recordOnce(
                    "link.refused", r.id(), r.ownerId(), r.root().id(), "its creator may no longer share it", null);
            throw gone();
        }
        return r;
    }

    @Override
    public LinkedPath path(String token, List<NodeName> names) {
        LinkToken parsed = LinkToken.parse(token).orElseThrow(PublicLinksBean::gone);
        SqlLinkStore.Resolved r = live(
                parsed,
                store.resolvePath(
                        parsed.sha256(), names.stream().map(NodeName::value).toList()));
        return new LinkedPath(itemOf(r).link(), new FileTree.Resolved(r.node(), r.depth()));
    }

    @Override
    public void recordAccess(OpenLink link, String detail, String address) {
        recorder.recordOnce(
                "link.access", link.id(), link.ownerId(), link.root().id(), detail, address);
    }

    @Override
    public void recordChange(OpenLink link, long nodeId, String detail, String address) {
        recorder.record("link.access", link.id(), link.ownerId(), nodeId, detail, address);
    }

    private static LinkedItem itemOf(SqlLinkStore.Resolved r) {
        OpenLink link = new OpenLink(
                r.id(),
                r.ownerId(),
                r.ownerName(),
                r.permission(),
                r.passwordHash() != null,
                r.expiresAt(),
                r.root(),
                stamp(r.passwordHash()));
        return new LinkedItem(link, r.node());
    }

    /** No transaction of its own: the failure's audit row must commit although the call answers an error. */
    @Override
    public OpenLink unlock(String token, String password, String address) {
        SqlLinkStore.Resolved r = resolve(token, null);
        OpenLink link = itemOf(r).link();
        if (r.passwordHash() == null) {
            return link;
        }
        Optional<java.time.Duration> wait = throttle.retryAfter(link.id(), address);
        if (wait.isPresent()) {
            throw new NuboException(
                    ErrorKind.THROTTLED, "too_many_attempts", "too many wrong passwords; try again later", wait.get());
        }
        if (password == null || !hasher.verify(password, r.passwordHash())) {
            throttle.failed(link.id(), address);
            recorder.record(
                    "link.password_failed",
                    link.id(),
                    link.ownerId(),
                    link.root().id(),
                    null,
                    address);
            throw new NuboException(ErrorKind.FORBIDDEN, "wrong_password", "that is not this link's password");
        }
        throttle.succeeded(link.id(), address);
        recorder.record("link.access", link.id(), link.ownerId(), link.root().id(), "unlock", address);
        return link;
    }

    @Override
    public String unlockCookie(OpenLink link) {
        return signature().issue(link.id(), link.unlockStamp(), UNLOCK_TTL);
    }

    @Override
    public boolean unlocked(OpenLink link, String cookieValue) {
        return !link.passwordProtected() || signature().verify(cookieValue, link.id(), link.unlockStamp());
    }

    @Override
    public void recordOpened(OpenLink link, String address) {
        recorder.record("link.access", link.id(), link.ownerId(), link.root().id(), "open", address);
    }

    @Override
    public List<FileTree.Ancestor> ancestors(LinkedItem item) {
        if (item.node().id() == item.link().root().id()) {
            return List.of();
        }
        List<FileTree.Ancestor> all =
                tree.ancestors(item.link().ownerId(), item.node().id());
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).id() == item.link().root().id()) {
                return all.subList(i, all.size());
            }
        }
        throw gone();
    }

    @Override
    public ListingPage list(LinkedItem folder, ListingQuery query) {
        folder.link().require(Need.LIST);
        return tree.list(folder.link().ownerId(), folderOf(folder).id(), query);
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRED)
    public void countDownload(LinkedItem item, String what, String address) {
        if (!store.countDownload(item.link().id())) {
            throw gone();
        }
        recorder.record(
                "link.access",
                item.link().id(),
                item.link().ownerId(),
                item.node().id(),
                what,
                address);
    }

    @Override
    public FileContent.Opened open(LinkedItem file) throws IOException {
        return content.open(file.link().ownerId(), new FileTree.Resolved(file.node(), 0));
    }

    @Override
    public List<FileContent.ArchiveEntry> archiveEntries(OpenLink link, List<Long> nodeIds) {
        if (nodeIds.isEmpty() || nodeIds.size() > FileTree.MAX_BATCH) {
            throw NuboException.invalid("give between 1 and " + FileTree.MAX_BATCH + " items");
        }
        if (store.countBelow(link.root().id(), nodeIds)
                != nodeIds.stream().distinct().count()) {
            throw gone();
        }
        return content.archiveEntries(link.ownerId(), nodeIds);
    }

    @Override
    public NodeView upload(
            LinkedItem folder,
            NodeName name,
            ConflictMode conflict,
            Optional<Long> declaredLength,
            InputStream body,
            String address)
            throws IOException {
        OpenLink link = folder.link();
        link.require(Need.UPLOAD);
        ConflictMode mode = link.permission() == LinkPermission.DROP ? ConflictMode.KEEP_BOTH : conflict;
        NodeView stored = content.upload(
                new FileContent.Upload(
                        link.ownerId(),
                        folderOf(folder).id(),
                        name,
                        mode,
                        declaredLength,
                        Optional.empty(),
                        Optional.empty()),
                body);
        recorder.record(
                "link.access", link.id(), link.ownerId(), stored.id(), "upload '" + stored.name() + "'", address);
        return stored;
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRED)
    public NodeView createFolder(LinkedItem parent, NodeName name, String address) {
        parent.link().require(Need.MODIFY);
        NodeView made =
                tree.createFolder(parent.link().ownerId(), folderOf(parent).id(), name);
        recorder.record(
                "link.access",
                parent.link().id(),
                parent.link().ownerId(),
                made.id(),
                "new folder '" + made.name() + "'",
                address);
        return made;
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRED)
    public NodeView rename(LinkedItem item, NodeName name, String address) {
        OpenLink link = belowRoot(item);
        NodeView renamed =
                tree.move(link.ownerId(), item.node().id(), item.node().parentId(), Optional.of(name));
        recorder.record(
                "link.access",
                link.id(),
                link.ownerId(),
                renamed.id(),
                "rename '" + item.node().name() + "' to '" + renamed.name() + "'",
                address);
        return renamed;
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRED)
    public void trash(LinkedItem item, String address) {
        OpenLink link = belowRoot(item);
        tree.trash(link.ownerId(), item.node().id());
        recorder.record(
                "link.access",
                link.id(),
                link.ownerId(),
                item.node().id(),
                "delete '" + item.node().name() + "'",
                address);
    }

    private static OpenLink belowRoot(LinkedItem item) {
        item.link().require(Need.MODIFY);
        if (item.node().id() == item.link().root().id()) {
            throw NuboException.conflict("link_root", "the shared folder itself cannot be renamed or deleted here");
        }
        return item.link();
    }

    private static NodeView folderOf(LinkedItem item) {
        if (!item.node().folder()) {
            throw NuboException.conflict("not_a_folder", "'" + item.node().name() + "' is a file, not a folder");
        }
        return item.node();
    }

    private UnlockSignature signature() {
        if (signature == null) {
            signature = new UnlockSignature(secrets.get(SECRET), Clock.systemUTC());
        }
        return signature;
    }

    /** Derived from the stored hash so that a new password invalidates old cookies; reveals nothing about it. */
    private static String stamp(String passwordHash) {
        if (passwordHash == null) {
            return "";
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(passwordHash.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d).substring(0, 22);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static NuboException gone() {
        return NuboException.notFound("link");
    }
}
