package dev.nubo.files.infra;

import static dev.nubo.platform.db.SqlValues.isUniqueViolation;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.storage.api.BlobReferences;
import dev.nubo.storage.api.ContentHash;
import dev.nubo.storage.api.StagedBlob;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The one short transaction that turns staged content into a file: owner lock, quota charge, blob reference,
 * publish, node row, ancestor etags and sizes, recent item. Nothing in it waits for a client.
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlNodeWriter {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Inject
    TreeVersions versions;

    @Inject
    FileAccess access;

    @Inject
    BlobReferences blobs;

    @Inject
    SqlRecentItems recent;

    public NodeView commitNew(
            UUID caller,
            long parentId,
            NodeName name,
            ConflictMode conflict,
            StagedBlob blob,
            String mimeType,
            Optional<Instant> modifiedAt)
            throws IOException {
        access.requireFolder(caller, parentId, Need.WRITE);
        UUID owner = access.ownerOf(parentId);
        if (conflict == ConflictMode.FAIL && blob.size() > 0) {
            return createCharged(caller, owner, parentId, name, blob, mimeType, modifiedAt);
        }
        NodeSql.lockOwner(em, versions, owner);
        Optional<Object[]> existing = NodeSql.existing(em, parentId, name.value());
        if (existing.isPresent()) {
            Object[] e = existing.get();
            switch (conflict) {
                case FAIL -> throw SqlFileTree.nameTaken(name);
                case KEEP_BOTH -> name = NodeSql.freeName(em, parentId, name);
                case OVERWRITE -> {
                    if ("d".equals(String.valueOf(e[1]))) {
                        throw isAFolder(name);
                    }
                    long id = ((Number) e[0]).longValue();
                    replaceLocked(owner, id, parentId, ((Number) e[2]).longValue(), hash(e[3]), blob, modifiedAt);
                    recent.touch(caller, id, "changed");
                    return access.require(caller, id, Need.READ);
                }
            }
        }
        NodeSql.charge(em, owner, blob.size());
        lockBlobs(blob.hash(), null);
        blobs.addReference(blob.hash(), blob.size());
        blob.publish();
        long id = ((Number) insertFile(parentId, name, blob, mimeType, modifiedAt, "id")
                        .get(0))
                .longValue();
        NodeSql.touchAncestors(em, parentId, blob.size());
        recent.touch(caller, id, "changed");
        return access.require(caller, id, Need.READ);
    }

    /**
     * Refuses, before any content is moved, what {@link #commitNew} would refuse for the name alone: 409 {@code
     * name_taken} under {@code fail}, {@code is_a_folder} when {@code overwrite} meets a folder. A resumable upload
     * asks this first so its bytes stay for another attempt with another mode; a name taken in between is still
     * refused by commitNew.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public void checkName(long parentId, NodeName name, ConflictMode conflict) {
        Optional<Object[]> existing = NodeSql.existing(em, parentId, name.value());
        if (existing.isEmpty() || conflict == ConflictMode.KEEP_BOTH) {
            return;
        }
        if (conflict == ConflictMode.FAIL) {
            throw SqlFileTree.nameTaken(name);
        }
        if ("d".equals(String.valueOf(existing.get()[1]))) {
            throw isAFolder(name);
        }
    }

    private static NuboException isAFolder(NodeName name) {
        return NuboException.conflict("is_a_folder", "'" + name + "' is a folder; it is not replaced");
    }

    /**
     * A new file where a taken name fails, in the fewest statements, since one owner's writes queue on its row from
     * the first charge to the commit: the charge's UPDATE takes the owner's row lock (the same first lock as {@link
     * NodeSql#lockOwner}) and checks the quota; the blob's upsert locks its row; the unique index on a folder's live
     * names refuses a taken one; the INSERT returns the new node.
     */
    private NodeView createCharged(
            UUID caller,
            UUID owner,
            long parentId,
            NodeName name,
            StagedBlob blob,
            String mimeType,
            Optional<Instant> modifiedAt)
            throws IOException {
        versions.changing(owner);
        NodeSql.charge(em, owner, blob.size());
        blobs.addReference(blob.hash(), blob.size());
        blob.publish();
        NodeView created = NodeSql.view(
                (Object[]) insertFile(parentId, name, blob, mimeType, modifiedAt, NodeSql.COLUMNS.replace("n.", ""))
                        .get(0));
        NodeSql.touchAncestors(em, parentId, blob.size());
        recent.touch(caller, created.id(), "changed");
        return created;
    }

    /** Inserts the file row; a live name already in the folder fails on the unique index as name_taken. */
    private List<?> insertFile(
            long parentId,
            NodeName name,
            StagedBlob blob,
            String mimeType,
            Optional<Instant> modifiedAt,
            String returning) {
        try {
            List<?> rows = em.createNativeQuery("INSERT INTO nodes (id, owner_id, parent_id, path, kind, name,"
                            + " size, blob_hash, mime_type, etag, modified_at)"
                            + " SELECT n.id, p.owner_id, p.id, p.path || text2ltree(n.id::text), 'f', ?2, ?3, ?4, ?5,"
                            + " md5(random()::text || n.id::text), coalesce(CAST(?6 AS timestamptz), now())"
                            + " FROM (SELECT nextval('nodes_id_seq') AS id) n, nodes p WHERE p.id = ?1 RETURNING "
                            + returning)
                    .setParameter(1, parentId)
                    .setParameter(2, name.value())
                    .setParameter(3, blob.size())
                    .setParameter(4, blob.hash().hex())
                    .setParameter(5, mimeType)
                    .setParameter(6, modifiedAt.map(Timestamp::from).orElse(null))
                    .getResultList();
            em.flush();
            return rows;
        } catch (PersistenceException e) {
            if (isUniqueViolation(e)) {
                throw SqlFileTree.nameTaken(name);
            }
            throw e;
        }
    }

    public NodeView commitReplace(
            UUID caller, long fileId, Optional<String> ifMatch, StagedBlob blob, Optional<Instant> modifiedAt)
            throws IOException {
        NodeView file = access.require(caller, fileId, Need.WRITE);
        if (file.folder()) {
            throw NuboException.conflict("is_a_folder", "'" + file.name() + "' is a folder");
        }
        UUID owner = access.ownerOf(fileId);
        NodeSql.lockOwner(em, versions, owner);
        // re-read under the lock: the etag compared is the one this write replaces
        file = access.require(caller, fileId, Need.WRITE);
        if (ifMatch.isPresent() && !ifMatch.get().equals("*") && !ifMatch.get().equals(file.etag())) {
            throw new NuboException(ErrorKind.PRECONDITION_FAILED, "etag_mismatch", "the file changed meanwhile");
        }
        replaceLocked(
                owner, fileId, file.parentId(), file.size(), new ContentHash(file.contentHash()), blob, modifiedAt);
        recent.touch(caller, fileId, "changed");
        return access.require(caller, fileId, Need.READ);
    }

    private void replaceLocked(
            UUID owner,
            long fileId,
            long parentId,
            long oldSize,
            ContentHash oldHash,
            StagedBlob blob,
            Optional<Instant> modifiedAt)
            throws IOException {
        NodeSql.charge(em, owner, blob.size() - oldSize);
        lockBlobs(blob.hash(), oldHash);
        blobs.addReference(blob.hash(), blob.size());
        blob.publish();
        em.createNativeQuery("UPDATE nodes SET blob_hash = ?2, size = ?3, etag = md5(random()::text || id::text),"
                        + " modified_at = coalesce(CAST(?4 AS timestamptz), now()) WHERE id = ?1")
                .setParameter(1, fileId)
                .setParameter(2, blob.hash().hex())
                .setParameter(3, blob.size())
                .setParameter(4, modifiedAt.map(Timestamp::from).orElse(null))
                .executeUpdate();
        blobs.dropReference(oldHash);
        NodeSql.touchAncestors(em, parentId, blob.size() - oldSize);
    }

    /** Locks the rows of the blobs this write touches in hash order, so two writers never wait on each other. */
    private void lockBlobs(ContentHash a, ContentHash b) {
        em.createNativeQuery("SELECT hash FROM blobs WHERE hash IN (?1, ?2) ORDER BY hash FOR UPDATE")
                .setParameter(1, a.hex())
                .setParameter(2, b == null ? a.hex() : b.hex())
                .getResultList();
    }

    private static ContentHash hash(Object column) {
        return new ContentHash(String.valueOf(column).trim());
    }
}
