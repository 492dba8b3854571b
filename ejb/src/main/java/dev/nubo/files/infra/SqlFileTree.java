package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.isUniqueViolation;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.FolderEntry;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.StorageUsage;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.cache.Caches;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.cache.Cache;

/**
 * The tree in SQL. Every subtree operation is a fixed number of statements over the ltree path, whatever the size
 * of the subtree; folder etags and sizes of all ancestors change in one statement.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlFileTree implements FileTree {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    SqlNodeWriter writer;

    @Inject
    TreeVersions versions;

    @Inject
    SqlFileAccess access;

    @Inject
    Caches caches;

    /** Path resolutions per owner and path, the first read of every DAV and Nextcloud request. */
    private Cache<String, KnownPath> resolutions;

    @PostConstruct
    void start() {
        resolutions = caches.cache("nubo.paths", String.class, KnownPath.class, 50_000, Duration.ofMinutes(10));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public NodeView root(UUID caller) {
        return NodeSql.one(em.createNativeQuery("SELECT " + NodeRows.COLUMNS
                                + " FROM nodes n WHERE n.owner_id = ?1 AND n.parent_id IS NULL")
                        .setParameter(1, caller)
                        .getResultList())
                .orElseThrow(() -> NuboException.notFound("folder"));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public NodeView get(UUID caller, long nodeId) {
        return access.require(caller, nodeId, Need.READ);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Resolved resolve(UUID caller, List<NodeName> names) {
        // names never contain '/', so the path travels as one string and is split in SQL; each step is one probe
        // of the (parent_id, name) unique index
        String joined = String.join("/", names.stream().map(NodeName::value).toList());
        String key = caller + "/" + joined;
        long version = versions.current(caller);
        KnownPath known = resolutions.get(key);
        if (known != null && known.version() == version) {
            return known.resolved();
        }
        Resolved resolved = query(ROOT_OF_CALLER, caller, joined, names.size());
        resolutions.put(key, new KnownPath(version, resolved));
        return resolved;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Resolved resolveBelow(UUID caller, long folderId, List<NodeName> names) {
        access.requireFolder(caller, folderId, Need.READ);
        return query(
                FOLDER,
                folderId,
                String.join("/", names.stream().map(NodeName::value).toList()),
                names.size());
    }

    private static final String ROOT_OF_CALLER = "r.owner_id = ?1 AND r.parent_id IS NULL";
    private static final String FOLDER = "r.id = ?1";

    /** A resolution and the owner's tree version read before it; current while the version is unchanged. */
    record KnownPath(long version, Resolved resolved) {}

    /** One statement: the walk from the start ({@code start} names it by ?1) along the names. */
    private Resolved query(String start, Object startParameter, String joined, int depth) {
        List<?> rows = em.createNativeQuery("WITH RECURSIVE walk(id, depth) AS ("
                        + " SELECT r.id, 0 FROM nodes r WHERE " + start
                        + " UNION ALL"
                        + " SELECT c.id, w.depth + 1 FROM walk w JOIN nodes c ON c.parent_id = w.id"
                        + " AND c.trashed_at IS NULL AND c.name = (string_to_array(?2, '/'))[w.depth + 1]"
                        + " WHERE w.depth < ?3)"
                        + " SELECT " + NodeRows.COLUMNS + ", w.depth FROM walk w JOIN nodes n ON n.id = w.id"
                        + " ORDER BY w.depth DESC LIMIT 1")
                .setParameter(1, startParameter)
                .setParameter(2, joined)
                .setParameter(3, depth)
                .getResultList();
        if (rows.isEmpty()) {
            throw NuboException.notFound("folder");
        }
        Object[] row = (Object[]) rows.get(0);
        return new Resolved(NodeRows.view(row), ((Number) row[row.length - 1]).intValue());
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Ancestor> ancestors(UUID caller, long nodeId) {
        List<Ancestor> chain = visibleChain(caller, nodeId);
        // the node itself is the last one
        return chain.subList(0, chain.size() - 1);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public String pathOf(UUID caller, long nodeId) {
        StringBuilder path = new StringBuilder();
        for (Ancestor a : visibleChain(caller, nodeId)) {
            if (!a.name().isEmpty()) {
                path.append('/').append(a.name());
            }
        }
        return path.isEmpty() ? "/" : path.toString();
    }

    /**
     * The node and the folders above it, from where the caller's view starts: the owner's root, or the topmost
     * folder (or the node) shared with the caller; 404 when nothing on the path is theirs or shared with them, or
     * when the node is in the trash. One query, which is also the visibility check.
     */
    private List<Ancestor> visibleChain(UUID caller, long nodeId) {
        List<?> rows = em.createNativeQuery("SELECT a.id, a.name, a.parent_id IS NULL AND a.owner_id = ?1 OR "
                        + SqlFileAccess.GRANTED_EXACTLY + " FROM nodes n JOIN nodes a ON a.path @> n.path"
                        + " WHERE n.id = ?2 AND" + NodeRows.NOT_IN_TRASH + " ORDER BY nlevel(a.path)")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .setParameter(3, access.groupsParameter(caller))
                .getResultList();
        List<Object[]> path = rows.stream().map(r -> (Object[]) r).toList();
        int start = 0;
        while (start < path.size() && !Boolean.TRUE.equals(path.get(start)[2])) {
            start++;
        }
        if (start == path.size()) {
            throw NuboException.notFound("file or folder");
        }
        return path.subList(start, path.size()).stream()
                .map(r -> new Ancestor(((Number) r[0]).longValue(), (String) r[1]))
                .toList();
    }

    @Override
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public NodeView createFolder(UUID caller, long parentId, NodeName name) {
        FileAccess.Writable parent = writer.writableFolder(caller, parentId);
        return writer.createFolder(parent.owner(), parentId, name);
    }

    long insertFolder(long parentId, NodeName name) {
        try {
            List<?> created = em.createNativeQuery("INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                            + " SELECT n.id, p.owner_id, p.id, p.path || text2ltree(n.id::text), 'd', ?2,"
                            + " md5(random()::text) FROM (SELECT nextval('nodes_id_seq') AS id) n, nodes p"
                            + " WHERE p.id = ?1 RETURNING id")
                    .setParameter(1, parentId)
                    .setParameter(2, name.value())
                    .getResultList();
            em.flush();
            return ((Number) created.get(0)).longValue();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw nameTaken(name);
            }
            throw e;
        }
    }

    @Override
    public NodeView move(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName) {
        return move(caller, nodeId, newParentId, newName, ConflictMode.FAIL);
    }

    @Override
    public NodeView move(
            UUID caller, long nodeId, long newParentId, Optional<NodeName> newName, ConflictMode conflict) {
        FileAccess.Writable moved = access.requireDetachableWritable(caller, nodeId);
        NodeView node = moved.node();
        if (node.parentId() == null) {
            throw NuboException.conflict("root_is_fixed", "the root folder cannot be moved or renamed");
        }
        UUID owner = moved.owner();
        UUID targetOwner = writer.writableFolder(caller, newParentId).owner();
        if (node.folder()) {
            refuseIntoOwnSubtree(nodeId, newParentId, "moved");
        }
        boolean across = !owner.equals(targetOwner);
        if (across) {
            // between the caller's own files and a shared drive, or two drives (OwnerTransfer)
            OwnerTransfer.requireMovable(em, caller, owner, targetOwner, node.name());
            OwnerTransfer.lockBoth(em, versions, owner, targetOwner);
        } else {
            NodeSql.lockOwner(em, versions, owner);
        }
        if (across || node.parentId() != newParentId) {
            NodeSql.lockSubtree(em, owner, nodeId);
        }
        NodeName name = newName.orElse(new NodeName(node.name()));
        Optional<Object[]> existing = NodeSql.existing(em, newParentId, name.value());
        if (existing.isPresent() && ((Number) existing.get()[0]).longValue() != nodeId) {
            name = resolveConflict(existing.get(), newParentId, name, conflict);
        }
        if (across) {
            OwnerTransfer.reown(em, nodeId, owner, targetOwner);
        }
        relocate(nodeId, node.parentId(), newParentId, name, NodeSql.size(em, nodeId));
        return access.require(caller, nodeId, Need.READ);
    }

    /** Moves the subtree's paths under the new parent and renames the node; the caller holds the owner lock. */
    void relocate(long nodeId, long oldParentId, long newParentId, NodeName name, long size) {
        try {
            if (oldParentId != newParentId) {
                // the subtree's paths: the target's path, then each node's path from the moved node down
                em.createNativeQuery("UPDATE nodes d SET path = t.path || subpath(d.path, nlevel(n.path) - 1)"
                                + " FROM nodes n, nodes t WHERE n.id = ?1 AND t.id = ?2 AND d.path <@ n.path")
                        .setParameter(1, nodeId)
                        .setParameter(2, newParentId)
                        .executeUpdate();
            }
            em.createNativeQuery("UPDATE nodes SET parent_id = ?2, name = ?3 WHERE id = ?1")
                    .setParameter(1, nodeId)
                    .setParameter(2, newParentId)
                    .setParameter(3, name.value())
                    .executeUpdate();
            em.flush();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw nameTaken(name);
            }
            throw e;
        }
        if (oldParentId == newParentId) {
            NodeSql.touchAncestors(em, oldParentId, 0);
        } else {
            NodeSql.touchAncestors(em, oldParentId, -size);
            NodeSql.touchAncestors(em, newParentId, size);
        }
    }

    /** Applies the conflict mode to a taken name; returns the name to use. Overwrite sends the old item to trash. */
    private NodeName resolveConflict(Object[] existing, long parentId, NodeName name, ConflictMode conflict) {
        return switch (conflict) {
            case FAIL -> throw nameTaken(name);
            case KEEP_BOTH -> NodeSql.freeName(em, parentId, name);
            case OVERWRITE -> {
                trashLocked(((Number) existing[0]).longValue(), parentId);
                yield name;
            }
        };
    }

    @Override
    public NodeView copy(
            UUID caller, long nodeId, long newParentId, Optional<NodeName> newName, ConflictMode conflict) {
        NodeView node = access.require(caller, nodeId, Need.READ);
        if (node.parentId() == null) {
            throw NuboException.conflict("root_is_fixed", "the root folder cannot be copied; copy its contents");
        }
        access.requireFolder(caller, newParentId, Need.WRITE);
        refuseIntoOwnSubtree(nodeId, newParentId, "copied");
        UUID owner = access.ownerOf(newParentId);
        UUID sourceOwner = access.ownerOf(nodeId);
        if (sourceOwner.equals(owner)) {
            NodeSql.lockOwner(em, versions, owner);
        } else {
            // the source's folder sizes are copied: its pending changes are folded first
            OwnerTransfer.lockBoth(em, versions, owner, sourceOwner);
        }
        NodeName name = newName.orElse(new NodeName(node.name()));
        Optional<Object[]> existing = NodeSql.existing(em, newParentId, name.value());
        if (existing.isPresent()) {
            if (((Number) existing.get()[0]).longValue() == nodeId && conflict == ConflictMode.OVERWRITE) {
                throw NuboException.conflict("same_item", "an item cannot be copied onto itself");
            }
            name = resolveConflict(existing.get(), newParentId, name, conflict);
        }
        String copied = "n.path <@ (SELECT path FROM nodes WHERE id = ?1) AND NOT EXISTS (SELECT 1 FROM nodes t"
                + " WHERE t.path @> n.path AND t.path <@ (SELECT path FROM nodes WHERE id = ?1)"
                + " AND t.trashed_at IS NOT NULL)";
        long bytes = ((Number) em.createNativeQuery(
                                "SELECT coalesce(sum(n.size), 0) FROM nodes n WHERE n.kind = 'f' AND " + copied)
                        .setParameter(1, nodeId)
                        .getSingleResult())
                .longValue();
        NodeSql.charge(em, owner, bytes);
        NodeSql.lockBlobs(em, copied, nodeId);
        long copyId = copySubtree(nodeId, newParentId, name, owner, copied);
        NodeSql.touchAncestors(em, newParentId, bytes);
        return access.require(caller, copyId, Need.READ);
    }

    /**
     * One statement: number the subtree's live nodes afresh, insert them under the target with paths rebuilt from
     * the new ids, and count one more reference on each blob they use.
     */
    private long copySubtree(long nodeId, long newParentId, NodeName name, UUID owner, String copied) {
        try {
            Object top = em.createNativeQuery("WITH map AS MATERIALIZED ("
                            + "SELECT n.*, nextval('nodes_id_seq') AS new_id FROM nodes n WHERE " + copied + "),"
                            + " src AS (SELECT path FROM nodes WHERE id = ?1),"
                            + " ins AS (INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, size, blob_hash,"
                            + " mime_type, etag, created_at, modified_at)"
                            + " SELECT m.new_id, ?4, CASE WHEN m.id = ?1 THEN ?2"
                            + " ELSE (SELECT p.new_id FROM map p WHERE p.id = m.parent_id) END,"
                            + " tgt.path || (SELECT text2ltree(string_agg(x.new_id::text, '.' ORDER BY l.ord))"
                            + " FROM unnest(string_to_array(ltree2text(subpath(m.path, nlevel(src.path) - 1)), '.'))"
                            + " WITH ORDINALITY AS l(lbl, ord) JOIN map x ON x.id = l.lbl::bigint),"
                            + " m.kind, CASE WHEN m.id = ?1 THEN ?3 ELSE m.name END, m.size, m.blob_hash,"
                            + " m.mime_type, md5(random()::text || m.new_id::text), now(), m.modified_at"
                            + " FROM map m, src, nodes tgt WHERE tgt.id = ?2 RETURNING id, kind, blob_hash),"
                            + " refs AS (UPDATE blobs b SET ref_count = b.ref_count + c.n, unreferenced_since = NULL"
                            + " FROM (SELECT blob_hash, count(*) AS n FROM ins WHERE kind = 'f' GROUP BY blob_hash) c"
                            + " WHERE b.hash = c.blob_hash RETURNING 1)"
                            + " SELECT (SELECT new_id FROM map WHERE id = ?1), (SELECT count(*) FROM refs)")
                    .setParameter(1, nodeId)
                    .setParameter(2, newParentId)
                    .setParameter(3, name.value())
                    .setParameter(4, owner)
                    .getSingleResult();
            em.flush();
            return ((Number) ((Object[]) top)[0]).longValue();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw nameTaken(name);
            }
            throw e;
        }
    }

    @Override
    public void trash(UUID caller, long nodeId) {
        FileAccess.Writable doomed = access.requireDetachableWritable(caller, nodeId);
        NodeView node = doomed.node();
        if (node.parentId() == null) {
            throw NuboException.conflict("root_is_fixed", "the root folder cannot be deleted");
        }
        NodeSql.lockOwner(em, versions, doomed.owner());
        trashLocked(nodeId, node.parentId());
    }

    /**
     * Marks the node trashed with the folder it came from, and takes its size (as it is now, after the owner lock's
     * fold) off the folders above; the caller holds the owner lock.
     */
    void trashLocked(long nodeId, long parentId) {
        Object size = em.createNativeQuery("UPDATE nodes SET trashed_at = clock_timestamp(), trashed_from = ("
                        + NodeSql.FOLDER_PATH + ") WHERE id = ?1 RETURNING size")
                .setParameter(1, nodeId)
                .setParameter(2, parentId)
                .getSingleResult();
        NodeSql.touchAncestors(em, parentId, -((Number) size).longValue());
    }

    private void refuseIntoOwnSubtree(long nodeId, long targetId, String verb) {
        boolean inside = !em.createNativeQuery(
                        "SELECT 1 FROM nodes t, nodes n WHERE t.id = ?1 AND n.id = ?2 AND t.path <@ n.path")
                .setParameter(1, targetId)
                .setParameter(2, nodeId)
                .getResultList()
                .isEmpty();
        if (inside) {
            throw NuboException.conflict(
                    "into_own_subtree", "a folder cannot be " + verb + " into itself or its subfolders");
        }
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public ListingPage list(UUID caller, long folderId, ListingQuery query) {
        access.requireFolder(caller, folderId, Need.READ);
        return Listing.page(em, folderId, query);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<FolderEntry> subfolders(UUID caller, long folderId) {
        access.requireFolder(caller, folderId, Need.READ);
        List<?> rows = em.createNativeQuery("SELECT n.id, n.name, n.etag, EXISTS (SELECT 1 FROM nodes c"
                        + " WHERE c.parent_id = n.id AND c.kind = 'd' AND c.trashed_at IS NULL) FROM nodes n"
                        + " WHERE n.parent_id = ?1 AND n.kind = 'd' AND n.trashed_at IS NULL ORDER BY n.name LIMIT ?2")
                .setParameter(1, folderId)
                .setParameter(2, MAX_PAGE)
                .getResultList();
        return rows.stream()
                .map(r -> (Object[]) r)
                .map(r -> new FolderEntry(
                        ((Number) r[0]).longValue(), (String) r[1], (String) r[2], Boolean.TRUE.equals(r[3])))
                .toList();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public StorageUsage usage(UUID caller) {
        Object[] r = (Object[]) em.createNativeQuery("SELECT u.used_bytes, u.quota_bytes,"
                        + " (SELECT coalesce(sum(n.size), 0) FROM nodes n WHERE n.owner_id = u.id AND n.kind = 'f'"
                        + " AND NOT" + NodeRows.NOT_IN_TRASH + "),"
                        + " (SELECT count(*) FILTER (WHERE n.kind = 'f') FROM nodes n WHERE n.owner_id = u.id AND "
                        + NodeRows.NOT_IN_TRASH + "),"
                        + " (SELECT count(*) FILTER (WHERE n.kind = 'd' AND n.parent_id IS NOT NULL) FROM nodes n"
                        + " WHERE n.owner_id = u.id AND " + NodeRows.NOT_IN_TRASH + ")"
                        + " FROM users u WHERE u.id = ?1")
                .setParameter(1, caller)
                .getSingleResult();
        return new StorageUsage(
                ((Number) r[0]).longValue(),
                r[1] == null ? null : ((Number) r[1]).longValue(),
                ((Number) r[2]).longValue(),
                ((Number) r[3]).longValue(),
                ((Number) r[4]).longValue());
    }

    static NuboException nameTaken(NodeName name) {
        return NuboException.conflict("name_taken", "'" + name + "' already exists in this folder");
    }
}
