package dev.nubo.dav.core;

import dev.nubo.files.api.NodeName;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Where the locks of a DAV path live (RFC 4918 section 6: a lock belongs to the resource, not to the path one client
 * took to it). Locks are kept per lock space and tree-relative path ({@link DavLocks}); a person's own tree is their
 * space, a public link has one of its own, and an item reached through "Shared with me" or "Drives" is in its owner's
 * space under its path there — so the owner, every recipient and every drive member meet the same locks on it, and
 * a recipient's write to a file its owner has locked answers 423 like the owner's own would.
 *
 * <p>{@code viewDepth} names of the request path (the collection and the entry) stand for {@code prefix}, the
 * entry's path in its owner's tree ("" for a drive's root), read only when a lock question is asked.
 */
public final class LockScope {
    private final UUID space;
    private final List<String> viewPrefix;
    private final Supplier<String> prefix;
    private String prefixRead;

    private LockScope(UUID space, List<String> viewPrefix, Supplier<String> prefix) {
        this.space = space;
        this.viewPrefix = viewPrefix;
        this.prefix = prefix;
    }

    /** A tree addressed as it is stored: the caller's own, or a public link's own space. */
    public static LockScope own(UUID space) {
        return new LockScope(space, List.of(), () -> "");
    }

    /**
     * An entry of a DAV collection ({@code collection}/{@code entry}/…) that is stored in {@code owner}'s tree at the
     * path {@code ownerPath} supplies (with or without a leading '/'; "/" or "" for the owner's root).
     */
    public static LockScope entry(UUID owner, String collection, String entry, Supplier<String> ownerPath) {
        return new LockScope(owner, List.of(collection, entry), ownerPath);
    }

    public UUID space() {
        return space;
    }

    /** The lock key of {@code names}: the path in the lock space, "" for its root. */
    public String key(List<NodeName> names) {
        List<String> values = names.stream().map(NodeName::value).toList();
        if (viewPrefix.isEmpty() || values.size() < viewPrefix.size()) {
            return String.join("/", values);
        }
        List<String> parts = new ArrayList<>();
        String p = prefix();
        if (!p.isEmpty()) {
            parts.add(p);
        }
        parts.addAll(values.subList(viewPrefix.size(), values.size()));
        return String.join("/", parts);
    }

    /**
     * The request-path names of a lock's root, as the caller addresses it: a lock rooted above the entry (the owner
     * locked a folder around what they shared) shows the entry itself, the highest the caller can see.
     */
    public List<String> viewNames(String lockPath) {
        if (viewPrefix.isEmpty()) {
            return lockPath.isEmpty() ? List.of() : List.of(lockPath.split("/"));
        }
        String p = prefix();
        List<String> names = new ArrayList<>(viewPrefix);
        if (p.isEmpty()) {
            if (!lockPath.isEmpty()) {
                names.addAll(List.of(lockPath.split("/")));
            }
        } else if (lockPath.startsWith(p + "/")) {
            names.addAll(List.of(lockPath.substring(p.length() + 1).split("/")));
        }
        return names;
    }

    private String prefix() {
        if (prefixRead == null) {
            String p = prefix.get();
            p = p.startsWith("/") ? p.substring(1) : p;
            prefixRead = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        }
        return prefixRead;
    }

    /** The parent's key of a key: "" for anything directly in the space's root. */
    public static String parentKey(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash);
    }
}
