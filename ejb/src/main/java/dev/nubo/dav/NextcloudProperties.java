package dev.nubo.dav;

import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.NodeView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.xml.namespace.QName;

/**
 * The ownCloud ({@code oc:}) and Nextcloud ({@code nc:}) live properties that Nextcloud clients read in a PROPFIND:
 * file ids, permissions, sizes, checksums, favorites, owner. Nothing here is stored: every value comes from the node
 * and the page it was listed in.
 */
public final class NextcloudProperties {
    public static final String OC = "http://owncloud.org/ns";
    public static final String NC = "http://nextcloud.org/ns";
    /** Declared once on the multistatus root of every Nextcloud-dialect answer. */
    public static final Map<String, String> NAMESPACES = Map.of("oc", OC, "nc", NC);
    /** Appended to padded file ids in oc:id, as Nextcloud appends its instance id. */
    public static final String INSTANCE = "ocnubo";

    static final QName FAVORITE = new QName(OC, "favorite");
    private static final String FOLDER_RIGHTS = "RGDNVCK";
    private static final String FILE_RIGHTS = "RGDNVW";
    private static final QName CHECKSUM = new QName(OC, "checksum");

    private static final Set<String> OC_NAMES = Set.of(
            "fileid",
            "id",
            "permissions",
            "size",
            "checksums",
            "favorite",
            "owner-id",
            "owner-display-name",
            "data-fingerprint",
            "share-types",
            "downloadURL",
            "dDC",
            "comments-unread",
            "comments-count");
    private static final Set<String> NC_NAMES = Set.of(
            "has-preview", "creation_time", "upload_time", "is-encrypted", "mount-type", "sharees", "rich-workspace");

    private NextcloudProperties() {}

    /** Whether the name is one of the live oc:/nc: properties above (no dead-property lookup needed). */
    static boolean isLive(QName name) {
        return OC.equals(name.getNamespaceURI())
                ? OC_NAMES.contains(name.getLocalPart())
                : NC.equals(name.getNamespaceURI()) && NC_NAMES.contains(name.getLocalPart());
    }

    /** Who owns a listed node and what the caller may do with it: oc:owner-id, oc:owner-display-name, oc:permissions. */
    record Standing(String ownerId, String ownerDisplayName, String permissions) {}

    /**
     * What a page of a listing adds to its nodes: each one's standing (worked out from where the listing is, no query
     * per node), which of them are the caller's favorites, and the kinds of grants the caller made on them.
     */
    record Page(Function<NodeView, Standing> standing, Set<Long> favorites, Map<Long, Set<Grantee.Kind>> shareTypes) {
        /** A page of the caller's own tree, nothing shared out. */
        Page(String ownerId, String ownerDisplayName, Set<Long> favorites) {
            this(own(ownerId, ownerDisplayName), favorites, Map.of());
        }
    }

    /** The standing of everything in a user's own tree: theirs, with every right. */
    static Function<NodeView, Standing> own(String ownerId, String ownerDisplayName) {
        Standing folder = new Standing(ownerId, ownerDisplayName, FOLDER_RIGHTS);
        Standing file = new Standing(ownerId, ownerDisplayName, FILE_RIGHTS);
        return node -> node.folder() ? folder : file;
    }

    /**
     * oc:permissions of an item shared with the caller, in Nextcloud's letters and order: S (shared with you), R
     * (you may share it further: manager), M (mounted from elsewhere), G (readable), D N V (delete, rename, move: an
     * editor inside the share, never the shared item itself, which stays where its owner put it), W (write a file)
     * or C K (create files and folders in a folder) for an editor.
     */
    static String permissions(ShareRole role, boolean shareRoot, boolean folder) {
        boolean edits = role != ShareRole.VIEWER;
        StringBuilder p = new StringBuilder("S");
        if (role == ShareRole.MANAGER) {
            p.append('R');
        }
        p.append("MG");
        if (edits && !shareRoot) {
            p.append("DNV");
        }
        if (edits) {
            p.append(folder ? "CK" : "W");
        }
        return p.toString();
    }

    /** oc:id: the file id padded to eight digits, then the instance id. */
    public static String ocId(long fileId) {
        // not String.format: a Depth 1 listing of 1,000 files spent 2.5 ms of its 13 in the formatter
        String digits = Long.toString(fileId);
        return digits.length() >= 8 ? digits + INSTANCE : "00000000".substring(digits.length()) + digits + INSTANCE;
    }

    /**
     * oc:permissions for the owner's own tree: R (share), G (read), D (delete), N (rename), V (move), and W (write)
     * for files, C and K (create files and folders) for folders.
     */
    public static String permissions(NodeView node) {
        return node.folder() ? FOLDER_RIGHTS : FILE_RIGHTS;
    }

    /** The checksum clients verify downloads and compare contents with: the SHA-256 Nubo addresses blobs by. */
    public static String checksum(NodeView node) {
        return "SHA256:" + node.contentHash();
    }

    /**
     * The value of an oc: or nc: property; null when the resource has none (a 404 propstat), an empty Optional
     * for an empty element.
     */
    static Optional<Multistatus.Value> property(QName name, NodeView node, Page page) {
        Source source = source(name);
        return source == null ? null : source.of(node, page);
    }

    /** Where an oc: or nc: property's value comes from, looked up once per name rather than once per resource. */
    @FunctionalInterface
    interface Source {
        @SuppressWarnings("java:S2789") // null: no such property; empty: an empty element
        Optional<Multistatus.Value> of(NodeView node, Page page);
    }

    private static final Optional<Multistatus.Value> EMPTY = Optional.empty();
    private static final Optional<Multistatus.Value> ZERO = text("0");
    private static final Optional<Multistatus.Value> ONE = text("1");
    private static final Optional<Multistatus.Value> FALSE = text("false");
    private static final Optional<Multistatus.Value> TRUE = text("true");
    private static final QName SHARE_TYPE = new QName(OC, "share-type");

    /** The source of a live oc: or nc: property; null for any other name. */
    static Source source(QName name) {
        String ns = name.getNamespaceURI();
        if (OC.equals(ns)) {
            return switch (name.getLocalPart()) {
                case "fileid" -> (node, page) -> text(Long.toString(node.id()));
                case "id" -> (node, page) -> text(ocId(node.id()));
                case "permissions" ->
                    (node, page) -> text(page.standing().apply(node).permissions());
                case "size" -> (node, page) -> text(Long.toString(node.size()));
                case "checksums" ->
                    (node, page) ->
                            node.folder() ? EMPTY : Optional.of(new Multistatus.Child(CHECKSUM, checksum(node)));
                case "favorite" -> (node, page) -> page.favorites().contains(node.id()) ? ONE : ZERO;
                case "owner-id" ->
                    (node, page) -> text(page.standing().apply(node).ownerId());
                case "owner-display-name" ->
                    (node, page) -> text(page.standing().apply(node).ownerDisplayName());
                case "share-types" ->
                    (node, page) -> shareTypes(page.shareTypes().get(node.id()));
                case "data-fingerprint", "downloadURL", "dDC" -> (node, page) -> EMPTY;
                case "comments-unread", "comments-count" -> (node, page) -> ZERO;
                default -> null;
            };
        }
        if (NC.equals(ns)) {
            return switch (name.getLocalPart()) {
                case "has-preview" ->
                    (node, page) ->
                            !node.folder() && dev.nubo.media.api.Thumbnails.rendered(node.mimeType()) ? TRUE : FALSE;
                case "creation_time", "upload_time" ->
                    (node, page) -> text(Long.toString(node.createdAt().toEpochSecond()));
                case "is-encrypted" -> (node, page) -> ZERO;
                case "mount-type", "sharees", "rich-workspace" -> (node, page) -> EMPTY;
                default -> null;
            };
        }
        return null;
    }

    /** oc:share-types: an oc:share-type per kind of grant, 0 for a user and 1 for a group, as Nextcloud numbers them. */
    private static Optional<Multistatus.Value> shareTypes(Set<Grantee.Kind> kinds) {
        if (kinds == null || kinds.isEmpty()) {
            return EMPTY;
        }
        List<Multistatus.Value> types = new ArrayList<>(2);
        for (Grantee.Kind k : List.of(Grantee.Kind.USER, Grantee.Kind.GROUP)) {
            if (kinds.contains(k)) {
                types.add(new Multistatus.Child(SHARE_TYPE, k == Grantee.Kind.USER ? "0" : "1"));
            }
        }
        return Optional.of(w -> {
            for (Multistatus.Value t : types) {
                t.write(w);
            }
        });
    }

    private static Optional<Multistatus.Value> text(String value) {
        return Optional.of(Multistatus.text(value));
    }
}
