package dev.nubo.links.api;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The anonymous side of public links, for every surface that serves them (REST and the web page, public WebDAV). A
 * token that is malformed, unknown, revoked, expired or exhausted, whose item is deleted or in the trash, or whose
 * creator may no longer share the item, answers 404 {@code not_found}; so does any item id outside the link's subtree. A password-protected link
 * is opened by the surface only after {@link #unlock} (or a valid {@link #unlockCookie}); these calls do not check
 * that themselves, since each surface carries the proof differently (a cookie, Basic credentials).
 */
public interface PublicLinks {
    /** How long a verified password keeps a link unlocked in the browser. */
    Duration UNLOCK_TTL = Duration.ofHours(1);

    /** One read: the live link and its root. */
    OpenLink open(String token);

    /** An item below (or at) the link's root, in the same single statement as the link. */
    record LinkedItem(OpenLink link, NodeView node) {}

    LinkedItem item(String token, long nodeId);

    /**
     * A path of names below the link's root, as public WebDAV addresses items: the live link, the deepest item the
     * names reach and how many of them matched (0: the root itself). One read, like {@link #open}.
     */
    record LinkedPath(OpenLink link, FileTree.Resolved resolved) {}

    LinkedPath path(String token, List<NodeName> names);

    /**
     * Records a visitor's reading access from a client without pages (public WebDAV): at most one row per link and
     * address every ten minutes, so a client walking a folder tree writes one row, not one per request.
     */
    void recordAccess(OpenLink link, String detail, String address);

    /** Records one change a visitor made through a surface that made it itself (public WebDAV's writes). */
    void recordChange(OpenLink link, long nodeId, String detail, String address);

    /** The link's root as an item; one read, like {@link #open}. */
    LinkedItem root(String token);

    /**
     * Checks a password; a wrong one is counted per link and client address (429 {@code too_many_attempts} with a
     * retry delay once past the threshold, before the password is even checked), answers 403 {@code wrong_password}
     * and is recorded ({@code link.password_failed}); a right one is recorded ({@code link.access}).
     */
    OpenLink unlock(String token, String password, String address);

    /** A signed, expiring proof that this link was unlocked (HMAC with a server secret, bound to link and password). */
    String unlockCookie(OpenLink link);

    boolean unlocked(OpenLink link, String cookieValue);

    /** Records that a visitor opened the link (the page's first request), once per page load. */
    void recordOpened(OpenLink link, String address);

    /** The folders from the link root (included) down to the item's parent, for breadcrumbs inside the link. */
    List<FileTree.Ancestor> ancestors(LinkedItem item);

    ListingPage list(LinkedItem folder, ListingQuery query);

    /**
     * Counts one download of the item against the link's limit, atomically, and records it; 404 when the limit was
     * already reached (the link is dead).
     */
    void countDownload(LinkedItem item, String what, String address);

    /** Opens the item's bytes without reading its row again. */
    FileContent.Opened open(LinkedItem file) throws IOException;

    /** Everything beneath the given items, each below the link root (404 otherwise). */
    List<FileContent.ArchiveEntry> archiveEntries(OpenLink link, List<Long> nodeIds);

    /** Streams an upload into a folder below the root, charged to the owner's quota; drop links always keep both. */
    NodeView upload(
            LinkedItem folder,
            NodeName name,
            ConflictMode conflict,
            Optional<Long> declaredLength,
            InputStream body,
            String address)
            throws IOException;

    NodeView createFolder(LinkedItem parent, NodeName name, String address);

    /** Renames an item below the root (not the root itself: 409 {@code link_root}). */
    NodeView rename(LinkedItem item, NodeName name, String address);

    /** Moves an item below the root to the owner's trash (not the root itself: 409 {@code link_root}). */
    void trash(LinkedItem item, String address);
}
