package dev.nubo.collections.infra;

import dev.nubo.collections.api.Changes;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.Found;
import dev.nubo.collections.api.ObjectIndex;
import dev.nubo.collections.api.PutOutcome;
import dev.nubo.collections.api.Setting;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.collections.api.TagCount;
import dev.nubo.collections.api.UidConflictException;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import javax.xml.namespace.QName;

@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class SqlCollectionStore implements CollectionStore {
    private static final String COLLECTION = "SELECT id, owner_id, kind, slug, displayname, description, color,"
            + " timezone, sort_order, array_to_string(components, ','), sync_seq, created_at FROM dav_collections";
    private static final String MEMBER =
            "SELECT id, name, uid, etag, content_type, octet_length(data), modified_at, sync_seq";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<DavCollection> list(UUID owner, CollectionKind kind) {
        List<?> rows = em.createNativeQuery(COLLECTION + " WHERE owner_id = ?1 AND kind = ?2 ORDER BY sort_order"
                        + " NULLS LAST, created_at, id")
                .setParameter(1, owner)
                .setParameter(2, kind.value())
                .getResultList();
        return rows.stream().map(r -> collection((Object[]) r)).toList();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<DavCollection> find(UUID owner, CollectionKind kind, String slug) {
        List<?> rows = em.createNativeQuery(COLLECTION + " WHERE owner_id = ?1 AND kind = ?2 AND slug = ?3")
                .setParameter(1, owner)
                .setParameter(2, kind.value())
                .setParameter(3, slug)
                .getResultList();
        return rows.stream().findFirst().map(r -> collection((Object[]) r));
    }

    @Override
    public DavCollection create(
            UUID owner,
            CollectionKind kind,
            String slug,
            List<String> components,
            Map<Setting, String> settings,
            Map<QName, String> deadProperties) {
        List<?> ids = em.createNativeQuery("INSERT INTO dav_collections (owner_id, kind, slug, components)"
                        + " VALUES (?1, ?2, ?3, CAST(?4 AS varchar[])) ON CONFLICT DO NOTHING RETURNING id")
                .setParameter(1, owner)
                .setParameter(2, kind.value())
                .setParameter(3, slug)
                .setParameter(4, PgArrays.literal(components))
                .getResultList();
        if (ids.isEmpty()) {
            throw NuboException.conflict("exists", "a " + kind.value() + " named " + slug + " exists");
        }
        long id = ((Number) ids.get(0)).longValue();
        patch(id, settings, deadProperties);
        return find(owner, kind, slug).orElseThrow();
    }

    @Override
    public void delete(long collectionId) {
        em.createNativeQuery("DELETE FROM dav_collections WHERE id = ?1")
                .setParameter(1, collectionId)
                .executeUpdate();
    }

    @Override
    public void patch(long collectionId, Map<Setting, String> settings, Map<QName, String> deadProperties) {
        for (Map.Entry<Setting, String> s : settings.entrySet()) {
            String column =
                    switch (s.getKey()) {
                        case DISPLAYNAME -> "displayname";
                        case DESCRIPTION -> "description";
                        case COLOR -> "color";
                        case TIMEZONE -> "timezone";
                        case ORDER -> "sort_order";
                    };
            Object value = s.getValue();
            String cast = "text";
            if (s.getKey() == Setting.ORDER) {
                value = s.getValue() == null
                        ? null
                        : Integer.valueOf(s.getValue().strip());
                cast = "integer";
            }
            em.createNativeQuery("UPDATE dav_collections SET " + column + " = CAST(?2 AS " + cast + ") WHERE id = ?1")
                    .setParameter(1, collectionId)
                    .setParameter(2, value)
                    .executeUpdate();
        }
        for (Map.Entry<QName, String> p : deadProperties.entrySet()) {
            Query q = p.getValue() == null
                    ? em.createNativeQuery("DELETE FROM dav_collection_properties WHERE collection_id = ?1"
                            + " AND namespace = ?2 AND name = ?3")
                    : em.createNativeQuery("INSERT INTO dav_collection_properties (collection_id, namespace, name,"
                                    + " value) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (collection_id, namespace, name)"
                                    + " DO UPDATE SET value = EXCLUDED.value")
                            .setParameter(4, p.getValue());
            q.setParameter(1, collectionId)
                    .setParameter(2, p.getKey().getNamespaceURI())
                    .setParameter(3, p.getKey().getLocalPart())
                    .executeUpdate();
        }
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<QName, String> deadProperties(long collectionId) {
        Map<QName, String> all = new LinkedHashMap<>();
        List<?> rows = em.createNativeQuery("SELECT namespace, name, value FROM dav_collection_properties"
                        + " WHERE collection_id = ?1 ORDER BY namespace, name")
                .setParameter(1, collectionId)
                .getResultList();
        for (Object o : rows) {
            Object[] r = (Object[]) o;
            all.put(new QName((String) r[0], (String) r[1]), (String) r[2]);
        }
        return all;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<Long, Map<QName, String>> deadProperties(List<Long> collectionIds) {
        Map<Long, Map<QName, String>> all = new java.util.HashMap<>();
        if (collectionIds.isEmpty()) {
            return all;
        }
        List<?> rows = em.createNativeQuery("SELECT collection_id, namespace, name, value FROM"
                        + " dav_collection_properties WHERE collection_id = ANY (CAST(?1 AS bigint[]))"
                        + " ORDER BY collection_id, namespace, name")
                .setParameter(
                        1,
                        PgArrays.literal(
                                collectionIds.stream().map(String::valueOf).toList()))
                .getResultList();
        for (Object o : rows) {
            Object[] r = (Object[]) o;
            all.computeIfAbsent(((Number) r[0]).longValue(), k -> new LinkedHashMap<>())
                    .put(new QName((String) r[1], (String) r[2]), (String) r[3]);
        }
        return all;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<StoredObject> members(long collectionId, String afterName, int limit) {
        return objects(
                em.createNativeQuery(MEMBER + " FROM dav_objects WHERE collection_id = ?1"
                                + " AND name > ?2 ORDER BY name LIMIT ?3")
                        .setParameter(1, collectionId)
                        .setParameter(2, afterName == null ? "" : afterName)
                        .setParameter(3, Math.min(limit, PAGE)),
                false);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<StoredObject> member(long collectionId, String name) {
        return objects(
                        em.createNativeQuery(
                                        MEMBER + ", data FROM dav_objects WHERE collection_id = ?1" + " AND name = ?2")
                                .setParameter(1, collectionId)
                                .setParameter(2, name),
                        true)
                .stream()
                .findFirst();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<StoredObject> object(long collectionId, long objectId) {
        return objects(
                        em.createNativeQuery(MEMBER + ", data FROM dav_objects WHERE collection_id = ?1 AND id = ?2")
                                .setParameter(1, collectionId)
                                .setParameter(2, objectId),
                        true)
                .stream()
                .findFirst();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<StoredObject> byUid(long collectionId, String uid) {
        return objects(
                        em.createNativeQuery(MEMBER + ", data FROM dav_objects WHERE collection_id = ?1 AND uid = ?2")
                                .setParameter(1, collectionId)
                                .setParameter(2, uid),
                        true)
                .stream()
                .findFirst();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Found> cards(
            long collectionId, String text, Boolean groups, String category, Found.Cursor after, int limit) {
        String pattern = text == null
                ? null
                : "%"
                        + text.toLowerCase(java.util.Locale.ROOT)
                                .replace("\\", "\\\\")
                                .replace("%", "\\%")
                                .replace("_", "\\_")
                        + "%";
        List<?> rows = em.createNativeQuery(MEMBER + ", data, coalesce(formatted_name, '') FROM dav_objects"
                        + " WHERE collection_id = ?1"
                        + " AND (CAST(?2 AS text) IS NULL OR lower(search_text) LIKE CAST(?2 AS text)"
                        + " OR EXISTS (SELECT 1 FROM unnest(emails) AS e WHERE lower(e) LIKE CAST(?2 AS text)))"
                        + " AND (CAST(?3 AS boolean) IS NULL OR (card_kind = 'group') = CAST(?3 AS boolean))"
                        + " AND (CAST(?4 AS text) IS NULL OR CAST(?4 AS text) = ANY (categories))"
                        + " AND (CAST(?5 AS text) IS NULL OR (coalesce(formatted_name, ''), id) > (CAST(?5 AS text), ?6))"
                        + " ORDER BY coalesce(formatted_name, ''), id LIMIT ?7")
                .setParameter(1, collectionId)
                .setParameter(2, pattern)
                .setParameter(3, groups)
                .setParameter(4, category)
                .setParameter(5, after == null ? null : after.sortKey())
                .setParameter(6, after == null ? 0L : after.id())
                .setParameter(7, Math.min(limit, PAGE))
                .getResultList();
        List<Found> out = new ArrayList<>();
        for (Object o : rows) {
            Object[] r = (Object[]) o;
            out.add(new Found(object(r, true), (String) r[9]));
        }
        return out;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<TagCount> categories(long collectionId) {
        List<?> rows = em.createNativeQuery("SELECT c, count(*) FROM dav_objects, unnest(categories) AS c"
                        + " WHERE collection_id = ?1 GROUP BY c ORDER BY c")
                .setParameter(1, collectionId)
                .getResultList();
        List<TagCount> out = new ArrayList<>();
        for (Object o : rows) {
            Object[] r = (Object[]) o;
            out.add(new TagCount((String) r[0], ((Number) r[1]).longValue()));
        }
        return out;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<StoredObject> withData(long collectionId, List<String> names) {
        if (names.isEmpty()) {
            return List.of();
        }
        return objects(
                em.createNativeQuery(MEMBER + ", data FROM dav_objects WHERE collection_id = ?1"
                                + " AND name = ANY (CAST(?2 AS text[])) ORDER BY name")
                        .setParameter(1, collectionId)
                        .setParameter(2, PgArrays.literal(names)),
                true);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<StoredObject> candidates(
            long collectionId, String component, Instant start, Instant end, long afterId, int limit) {
        return objects(
                em.createNativeQuery(MEMBER + ", data FROM dav_objects WHERE collection_id = ?1 AND id > ?2"
                                + " AND (CAST(?3 AS text) IS NULL OR component = CAST(?3 AS text))"
                                + " AND (CAST(?4 AS timestamptz) IS NULL OR last_end IS NULL OR last_end > CAST(?4 AS timestamptz))"
                                + " AND (CAST(?5 AS timestamptz) IS NULL OR first_start IS NULL"
                                + " OR first_start < CAST(?5 AS timestamptz)) ORDER BY id LIMIT ?6")
                        .setParameter(1, collectionId)
                        .setParameter(2, afterId)
                        .setParameter(3, component)
                        .setParameter(4, timestamp(start))
                        .setParameter(5, timestamp(end))
                        .setParameter(6, Math.min(limit, PAGE)),
                true);
    }

    @Override
    public PutOutcome put(
            long collectionId,
            String name,
            byte[] data,
            String contentType,
            ObjectIndex index,
            Predicate<Optional<String>> condition) {
        long seq = nextSeq(collectionId);
        Optional<String> current = currentEtag(collectionId, name);
        if (!condition.test(current)) {
            throw preconditionFailed(current);
        }
        List<?> holder = em.createNativeQuery(
                        "SELECT name FROM dav_objects WHERE collection_id = ?1 AND uid = ?2" + " AND name <> ?3")
                .setParameter(1, collectionId)
                .setParameter(2, index.uid())
                .setParameter(3, name)
                .getResultList();
        if (!holder.isEmpty()) {
            throw new UidConflictException((String) holder.get(0));
        }
        String etag = etag(data);
        em.createNativeQuery("INSERT INTO dav_objects (collection_id, name, uid, etag, content_type, data, component,"
                        + " first_start, last_end, summary, formatted_name, search_text, emails, card_kind,"
                        + " categories, member_uids, sync_seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, CAST(?7 AS text),"
                        + " CAST(?8 AS timestamptz), CAST(?9 AS timestamptz), CAST(?10 AS text), CAST(?11 AS text),"
                        + " CAST(?12 AS text), CAST(?13 AS text[]), CAST(?14 AS text), CAST(?15 AS text[]),"
                        + " CAST(?16 AS text[]), ?17) ON CONFLICT (collection_id, name) DO UPDATE SET uid = EXCLUDED.uid,"
                        + " etag = EXCLUDED.etag, content_type = EXCLUDED.content_type, data = EXCLUDED.data,"
                        + " component = EXCLUDED.component, first_start = EXCLUDED.first_start,"
                        + " last_end = EXCLUDED.last_end, summary = EXCLUDED.summary,"
                        + " formatted_name = EXCLUDED.formatted_name, search_text = EXCLUDED.search_text,"
                        + " emails = EXCLUDED.emails, card_kind = EXCLUDED.card_kind,"
                        + " categories = EXCLUDED.categories, member_uids = EXCLUDED.member_uids,"
                        + " sync_seq = EXCLUDED.sync_seq, modified_at = now()")
                .setParameter(1, collectionId)
                .setParameter(2, name)
                .setParameter(3, index.uid())
                .setParameter(4, etag)
                .setParameter(5, contentType)
                .setParameter(6, data)
                .setParameter(7, index.component())
                .setParameter(8, timestamp(index.firstStart()))
                .setParameter(9, timestamp(index.lastEnd()))
                .setParameter(10, index.summary())
                .setParameter(11, index.formattedName())
                .setParameter(12, index.searchText())
                .setParameter(13, PgArrays.literal(index.emails()))
                .setParameter(14, index.cardKind())
                .setParameter(15, PgArrays.literal(index.categories()))
                .setParameter(16, PgArrays.literal(index.memberUids()))
                .setParameter(17, seq)
                .executeUpdate();
        em.createNativeQuery("DELETE FROM dav_tombstones WHERE collection_id = ?1 AND name = ?2")
                .setParameter(1, collectionId)
                .setParameter(2, name)
                .executeUpdate();
        return new PutOutcome(current.isEmpty(), etag);
    }

    @Override
    public void remove(long collectionId, String name, Predicate<Optional<String>> condition) {
        long seq = nextSeq(collectionId);
        Optional<String> current = currentEtag(collectionId, name);
        if (current.isEmpty()) {
            throw NuboException.notFound("no such resource: " + name);
        }
        if (!condition.test(current)) {
            throw preconditionFailed(current);
        }
        em.createNativeQuery("DELETE FROM dav_objects WHERE collection_id = ?1 AND name = ?2")
                .setParameter(1, collectionId)
                .setParameter(2, name)
                .executeUpdate();
        em.createNativeQuery("INSERT INTO dav_tombstones (collection_id, name, sync_seq) VALUES (?1, ?2, ?3)"
                        + " ON CONFLICT (collection_id, name) DO UPDATE SET sync_seq = EXCLUDED.sync_seq")
                .setParameter(1, collectionId)
                .setParameter(2, name)
                .setParameter(3, seq)
                .executeUpdate();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Changes changes(long collectionId, long sinceSeq, int limit) {
        List<?> rows = em.createNativeQuery("SELECT name, etag, sync_seq FROM (SELECT name, etag, sync_seq"
                        + " FROM dav_objects WHERE collection_id = ?1 AND sync_seq > ?2 UNION ALL SELECT name, NULL,"
                        + " sync_seq FROM dav_tombstones WHERE collection_id = ?1 AND sync_seq > ?2) c"
                        + " ORDER BY sync_seq, name LIMIT ?3")
                .setParameter(1, collectionId)
                .setParameter(2, sinceSeq)
                .setParameter(3, limit + 1)
                .getResultList();
        List<?> now = em.createNativeQuery("SELECT sync_seq FROM dav_collections WHERE id = ?1")
                .setParameter(1, collectionId)
                .getResultList();
        long seq = now.isEmpty() ? sinceSeq : ((Number) now.get(0)).longValue();
        boolean truncated = rows.size() > limit;
        List<Changes.Changed> changed = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        long last = sinceSeq;
        for (Object o : rows.subList(0, Math.min(rows.size(), limit))) {
            Object[] r = (Object[]) o;
            if (r[1] == null) {
                removed.add((String) r[0]);
            } else {
                changed.add(new Changes.Changed((String) r[0], (String) r[1]));
            }
            last = ((Number) r[2]).longValue();
        }
        return new Changes(changed, removed, truncated ? last : seq, truncated);
    }

    /** Takes the collection's row lock (every member write of a collection queues here) and the next number. */
    private long nextSeq(long collectionId) {
        List<?> seq = em.createNativeQuery(
                        "UPDATE dav_collections SET sync_seq = sync_seq + 1 WHERE id = ?1 RETURNING sync_seq")
                .setParameter(1, collectionId)
                .getResultList();
        if (seq.isEmpty()) {
            throw NuboException.notFound("no such collection");
        }
        return ((Number) seq.get(0)).longValue();
    }

    private Optional<String> currentEtag(long collectionId, String name) {
        List<?> rows = em.createNativeQuery("SELECT etag FROM dav_objects WHERE collection_id = ?1 AND name = ?2")
                .setParameter(1, collectionId)
                .setParameter(2, name)
                .getResultList();
        return rows.stream().findFirst().map(String.class::cast);
    }

    private static NuboException preconditionFailed(Optional<String> current) {
        return new NuboException(
                ErrorKind.PRECONDITION_FAILED,
                "precondition_failed",
                current.map(e -> "the resource's etag is " + e).orElse("the resource does not exist"));
    }

    /** A strong etag of the bytes: the same content always has the same one. */
    static String etag(byte[] data) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(data);
            return "\"" + HexFormat.of().formatHex(Arrays.copyOf(d, 16)) + "\"";
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Timestamp timestamp(Instant t) {
        return t == null ? null : Timestamp.from(t);
    }

    private static List<StoredObject> objects(Query q, boolean withData) {
        List<StoredObject> out = new ArrayList<>();
        for (Object o : q.getResultList()) {
            out.add(object((Object[]) o, withData));
        }
        return out;
    }

    private static StoredObject object(Object[] r, boolean withData) {
        return new StoredObject(
                ((Number) r[0]).longValue(),
                (String) r[1],
                (String) r[2],
                (String) r[3],
                (String) r[4],
                ((Number) r[5]).longValue(),
                r[6] == null ? null : SqlValues.time(r[6]).toInstant(),
                ((Number) r[7]).longValue(),
                withData ? (byte[]) r[8] : null);
    }

    private static DavCollection collection(Object[] r) {
        String components = (String) r[9];
        return new DavCollection(
                ((Number) r[0]).longValue(),
                (UUID) r[1],
                CollectionKind.of((String) r[2]),
                (String) r[3],
                (String) r[4],
                (String) r[5],
                (String) r[6],
                (String) r[7],
                r[8] == null ? null : ((Number) r[8]).intValue(),
                components == null || components.isEmpty() ? List.of() : List.of(components.split(",")),
                ((Number) r[10]).longValue(),
                SqlValues.time(r[11]).toInstant());
    }
}
