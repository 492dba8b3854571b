package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.isUniqueViolation;
import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The tree in SQL. Visibility is one indexed condition: the node is the caller's and no node on its path (itself
 * included) is in the trash. Folder etags of all ancestors change in one statement over the ltree path.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlFileTree implements FileTree {
    static final String COLUMNS =
            "n.id, n.parent_id, n.name, n.kind, n.size, n.mime_type, n.etag, n.created_at, n.modified_at";
    static final String VISIBLE = " n.owner_id = ?1 AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @> n.path"
            + " AND t.trashed_at IS NOT NULL)";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public NodeView root(UUID caller) {
        return one(em.createNativeQuery(
                                "SELECT " + COLUMNS + " FROM nodes n WHERE n.owner_id = ?1 AND n.parent_id IS NULL")
                        .setParameter(1, caller)
                        .getResultList())
                .orElseThrow(() -> NuboException.notFound("folder"));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public NodeView get(UUID caller, long nodeId) {
        return find(caller, nodeId).orElseThrow(() -> NuboException.notFound("file or folder"));
    }

    @Override
    public NodeView createFolder(UUID caller, long parentId, NodeName name) {
        NodeView parent = get(caller, parentId);
        if (!parent.folder()) {
            throw NuboException.conflict("not_a_folder", "'" + parent.name() + "' is a file, not a folder");
        }
        List<?> created;
        try {
            created = em.createNativeQuery("INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                            + " SELECT n.id, ?1, p.id, p.path || text2ltree(n.id::text), 'd', ?3, md5(random()::text)"
                            + " FROM (SELECT nextval('nodes_id_seq') AS id) n, nodes p WHERE p.id = ?2"
                            + " RETURNING id")
                    .setParameter(1, caller)
                    .setParameter(2, parentId)
                    .setParameter(3, name.value())
                    .getResultList();
            em.flush();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw NuboException.conflict("name_taken", "'" + name + "' already exists in this folder");
            }
            throw e;
        }
        touchAncestors(parentId);
        return get(caller, ((Number) created.get(0)).longValue());
    }

    @Override
    public NodeView move(UUID caller, long nodeId, long newParentId, Optional<NodeName> newName) {
        NodeView node = get(caller, nodeId);
        if (node.parentId() == null) {
            throw NuboException.conflict("root_is_fixed", "the root folder cannot be moved or renamed");
        }
        NodeView target = get(caller, newParentId);
        if (!target.folder()) {
            throw NuboException.conflict("not_a_folder", "'" + target.name() + "' is a file, not a folder");
        }
        boolean intoItself = !em.createNativeQuery(
                        "SELECT 1 FROM nodes t, nodes n WHERE t.id = ?1 AND n.id = ?2 AND t.path <@ n.path")
                .setParameter(1, newParentId)
                .setParameter(2, nodeId)
                .getResultList()
                .isEmpty();
        if (intoItself) {
            throw NuboException.conflict("into_own_subtree", "a folder cannot be moved into itself or its subfolders");
        }
        long oldParent = node.parentId();
        String name = newName.map(NodeName::value).orElse(node.name());
        try {
            // the subtree's paths: the target's path, then each node's path from the moved node down
            em.createNativeQuery("UPDATE nodes d SET path = t.path || subpath(d.path, nlevel(n.path) - 1)"
                            + " FROM nodes n, nodes t WHERE n.id = ?1 AND t.id = ?2 AND d.path <@ n.path")
                    .setParameter(1, nodeId)
                    .setParameter(2, newParentId)
                    .executeUpdate();
            em.createNativeQuery("UPDATE nodes SET parent_id = ?2, name = ?3, modified_at = now() WHERE id = ?1")
                    .setParameter(1, nodeId)
                    .setParameter(2, newParentId)
                    .setParameter(3, name)
                    .executeUpdate();
            em.flush();
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw NuboException.conflict("name_taken", "'" + name + "' already exists in the target folder");
            }
            throw e;
        }
        touchAncestors(oldParent);
        if (newParentId != oldParent) {
            touchAncestors(newParentId);
        }
        return get(caller, nodeId);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public ListingPage list(UUID caller, long folderId, Optional<ListingPage.Cursor> after, int limit) {
        if (limit < 1 || limit > MAX_PAGE) {
            throw NuboException.invalid("limit must be between 1 and " + MAX_PAGE);
        }
        NodeView folder = get(caller, folderId);
        if (!folder.folder()) {
            throw NuboException.conflict("not_a_folder", "'" + folder.name() + "' is a file, not a folder");
        }
        // children of a visible folder are visible unless trashed themselves; 'd' sorts before 'f'
        String keyset = after.isPresent() ? " AND (n.kind, n.name) > (?3, ?4)" : "";
        var query = em.createNativeQuery("SELECT " + COLUMNS + " FROM nodes n WHERE n.parent_id = ?1"
                        + " AND n.trashed_at IS NULL AND n.owner_id = ?2" + keyset
                        + " ORDER BY n.kind, n.name LIMIT ?5")
                .setParameter(1, folderId)
                .setParameter(2, caller)
                .setParameter(5, limit + 1);
        after.ifPresent(c -> query.setParameter(3, c.folder() ? "d" : "f").setParameter(4, c.name()));
        List<NodeView> rows = rows(query.getResultList());
        boolean more = rows.size() > limit;
        List<NodeView> page = more ? rows.subList(0, limit) : rows;
        Optional<ListingPage.Cursor> next = more
                ? Optional.of(new ListingPage.Cursor(
                        page.get(limit - 1).folder(), page.get(limit - 1).name()))
                : Optional.empty();
        return new ListingPage(List.copyOf(page), next);
    }

    private Optional<NodeView> find(UUID caller, long nodeId) {
        return one(em.createNativeQuery("SELECT " + COLUMNS + " FROM nodes n WHERE" + VISIBLE + " AND n.id = ?2")
                .setParameter(1, caller)
                .setParameter(2, nodeId)
                .getResultList());
    }

    /** A change beneath a folder changes the etag of that folder and of every folder above it. */
    private void touchAncestors(long folderId) {
        em.createNativeQuery("UPDATE nodes SET etag = md5(random()::text || id::text), modified_at = now()"
                        + " WHERE kind = 'd' AND path @> (SELECT path FROM nodes WHERE id = ?1)")
                .setParameter(1, folderId)
                .executeUpdate();
    }

    private static Optional<NodeView> one(List<?> rows) {
        return rows(rows).stream().findFirst();
    }

    private static List<NodeView> rows(List<?> rows) {
        return rows.stream().map(r -> (Object[]) r).map(SqlFileTree::view).toList();
    }

    private static NodeView view(Object[] r) {
        return new NodeView(
                ((Number) r[0]).longValue(),
                r[1] == null ? null : ((Number) r[1]).longValue(),
                (String) r[2],
                "d".equals(String.valueOf(r[3])),
                ((Number) r[4]).longValue(),
                (String) r[5],
                (String) r[6],
                time(r[7]),
                time(r[8]));
    }
}
