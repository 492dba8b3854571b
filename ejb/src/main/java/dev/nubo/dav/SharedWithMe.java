package dev.nubo.dav;

import dev.nubo.drives.api.Drives;
import dev.nubo.drives.api.MyDrive;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.IncomingShare;
import dev.nubo.share.api.Shares;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The "Shared with me" collection of the DAV surfaces: a read-only folder in each user's root whose members are the
 * items shared with them (live grants, not left, not in the trash), each under a name of its own, with everything
 * beneath addressed by path from there. Nothing here is stored or cached: the members are read from the grants on
 * every request that enters the collection, so a revoked or expired grant is gone on the next request.
 *
 * <p>The collection is named {@value #NAME}. A user who already has an item of that name in their root (made on
 * REST or in the web app, which know no such collection) keeps it, and the collection takes the first free name of
 * "Shared with me (2)" to "(9)": the user's own data is never hidden. Over DAV the name cannot be taken, since it
 * is there and read-only.
 *
 * <p>The "Drives" collection ({@value #DRIVES}) works the same way for the shared drives the user is a member of:
 * each drive's root folder is a member under the drive's name, with the user's role in the drive; it shows only to
 * members of at least one drive.
 */
@ApplicationScoped
public class SharedWithMe {
    public static final String NAME = "Shared with me";
    /** The collection's file id: never a node's (ids are a sequence from 1), the same for every user. */
    public static final long VIRTUAL_ID = Long.MAX_VALUE;
    /** The name of the "Drives" collection. */
    public static final String DRIVES = "Drives";
    /** The "Drives" collection's file id: never a node's either. */
    public static final long DRIVES_ID = Long.MAX_VALUE - 1;

    private static final int MAX_ALTERNATIVES = 9;

    @Inject
    FileTree tree;

    @Inject
    Shares shares;

    @Inject
    Drives drives;

    /** The two collections: their name (and the stem of the alternatives) and their file id. */
    enum Kind {
        SHARED(NAME, VIRTUAL_ID),
        DRIVES(SharedWithMe.DRIVES, DRIVES_ID);

        final String name;
        final long id;

        Kind(String name, long id) {
            this.name = name;
            this.id = id;
        }
    }

    /** Whether the id is one of the collections'. */
    public static boolean isVirtual(long id) {
        return id == VIRTUAL_ID || id == DRIVES_ID;
    }

    /** A member of a collection: its name there, the share (or drive membership) behind it, the collection's id. */
    public record Entry(String name, IncomingShare share, long collectionId) {
        /** The shared node under its name in the collection, as listings show it. */
        NodeView node() {
            NodeView n = share.node();
            return new NodeView(
                    n.id(),
                    collectionId,
                    name,
                    n.folder(),
                    n.size(),
                    n.mimeType(),
                    n.etag(),
                    n.createdAt(),
                    n.modifiedAt(),
                    n.contentHash());
        }
    }

    /**
     * Where a path inside the collection leads: the collection itself (as a node), its members, and the member the
     * path enters (null at the collection, or when the second name is no member).
     */
    public record Mount(NodeView collection, List<Entry> entries, Entry entry) {}

    /** A resolution of a DAV path: the node reached and how many names matched, and the mount when inside. */
    public record Place(FileTree.Resolved resolved, Mount mount) {}

    /** Resolves a path from the caller's root: into their own tree, or into the collection. */
    public Place resolve(UUID caller, List<NodeName> names) {
        Kind kind = names.isEmpty() ? null : kindOf(names.get(0).value());
        if (kind == null) {
            return new Place(tree.resolve(caller, names), null);
        }
        FileTree.Resolved own = tree.resolve(caller, names);
        if (own.matched() > 0) {
            return new Place(own, null); // the user's own item of that name wins
        }
        String name = collectionName(caller, own.node(), kind);
        if (!names.get(0).value().equals(name)) {
            return new Place(own, null);
        }
        Mount at = mount(caller, name, own.node(), kind);
        if (kind == Kind.DRIVES && at.entries().isEmpty()) {
            return new Place(own, null); // no drives, no collection
        }
        if (names.size() == 1) {
            return new Place(new FileTree.Resolved(at.collection(), 1), at);
        }
        Entry entry = at.entries().stream()
                .filter(e -> e.name().equals(names.get(1).value()))
                .findFirst()
                .orElse(null);
        if (entry == null) {
            return new Place(new FileTree.Resolved(at.collection(), 1), at);
        }
        Mount inside = new Mount(at.collection(), at.entries(), entry);
        List<NodeName> below = names.subList(2, names.size());
        if (below.isEmpty() || !entry.share().node().folder()) {
            return new Place(new FileTree.Resolved(entry.node(), 2), inside);
        }
        FileTree.Resolved r = tree.resolveBelow(caller, entry.share().node().id(), below);
        NodeView reached = r.matched() == 0 ? entry.node() : r.node();
        return new Place(new FileTree.Resolved(reached, r.matched() + 2), inside);
    }

    private static Kind kindOf(String first) {
        for (Kind k : Kind.values()) {
            if (first.startsWith(k.name)) {
                return k;
            }
        }
        return null;
    }

    /**
     * The collections as members of the caller's root, for a Depth 1 listing of the root; {@code root} is the
     * caller's root folder. Without a collection whose names are all taken by the user's own items, and without
     * "Drives" for a user in no drive.
     */
    public List<Mount> inRoot(UUID caller, NodeView root) {
        List<Mount> mounts = new ArrayList<>(2);
        for (Kind kind : Kind.values()) {
            String name = collectionName(caller, root, kind);
            if (name != null) {
                Mount m = mount(caller, name, root, kind);
                if (kind != Kind.DRIVES || !m.entries().isEmpty()) {
                    mounts.add(m);
                }
            }
        }
        return mounts;
    }

    /** The first of the collection's names not taken by one of the user's own items; null when none is free. */
    private String collectionName(UUID caller, NodeView root, Kind kind) {
        for (int i = 1; i <= MAX_ALTERNATIVES; i++) {
            String candidate = i == 1 ? kind.name : kind.name + " (" + i + ")";
            if (tree.resolve(caller, List.of(new NodeName(candidate))).matched() == 0) {
                return candidate;
            }
        }
        return null;
    }

    private Mount mount(UUID caller, String name, NodeView root, Kind kind) {
        List<IncomingShare> members = kind == Kind.SHARED
                ? shares.incoming(caller, false)
                : drives.mine(caller).stream().map(SharedWithMe::asShare).toList();
        List<Entry> entries = name(members, kind.id);
        return new Mount(collection(name, root, entries, kind.id), entries, null);
    }

    /** A drive membership as a member of "Drives": its root under the drive's name, owned by the drive. */
    static IncomingShare asShare(MyDrive d) {
        return new IncomingShare(
                d.grantId(),
                d.root(),
                new Grantee(Grantee.Kind.USER, d.id(), d.name(), d.name()),
                d.role(),
                d.since(),
                null,
                d.via(),
                false);
    }

    /**
     * Names the members: the oldest share keeps the item's name; a later one whose name is taken gets its owner's
     * name added ("Projects (alice)", "report (alice).pdf"), then a number ("Projects (alice 2)"). The oldest first,
     * so a name stays put while newer shares come and go.
     */
    static List<Entry> name(List<IncomingShare> incoming, long collectionId) {
        List<IncomingShare> oldestFirst = new ArrayList<>(incoming);
        oldestFirst.sort(Comparator.comparing(IncomingShare::since).thenComparingLong(IncomingShare::grantId));
        Set<String> taken = new HashSet<>();
        List<Entry> entries = new ArrayList<>(oldestFirst.size());
        for (IncomingShare s : oldestFirst) {
            String name = s.node().name();
            for (int n = 1; !taken.add(name); n++) {
                String owner = s.owner().name() + (n == 1 ? "" : " " + n);
                name = qualified(s.node().name(), owner, s.node().folder());
            }
            entries.add(new Entry(name, s, collectionId));
        }
        return entries;
    }

    /** "Projects (alice)"; for a file before its extension: "report (alice).pdf". */
    static String qualified(String name, String owner, boolean folder) {
        int dot = folder ? -1 : name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) + " (" + owner + ")" + name.substring(dot) : name + " (" + owner + ")";
    }

    /**
     * The collection as a node: its etag a hash of what clients see of its members (grant, name, role, the member's
     * own etag), so it changes when a share comes, goes, changes role or changes inside; last modified the newest of
     * the members' times and their grants' (the root's when empty).
     */
    static NodeView collection(String name, NodeView root, List<Entry> entries, long id) {
        StringBuilder what = new StringBuilder(name);
        OffsetDateTime modified = root.createdAt();
        long size = 0;
        for (Entry e : entries) {
            IncomingShare s = e.share();
            what.append('\n').append(s.grantId()).append('/').append(e.name()).append('/');
            what.append(s.role().wire()).append('/').append(s.node().etag());
            modified = latest(latest(modified, s.since()), s.node().modifiedAt());
            size += s.node().size();
        }
        String etag = digest(what.toString());
        return new NodeView(id, root.id(), name, true, size, null, etag, root.createdAt(), modified, null);
    }

    /** 32 hex digits of the text's SHA-256: an etag of things that are not stored. */
    static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static OffsetDateTime latest(OffsetDateTime a, OffsetDateTime b) {
        return b != null && b.isAfter(a) ? b : a;
    }
}
