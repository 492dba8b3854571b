package dev.nubo.groups.infra;

import dev.nubo.groups.api.GroupRef;
import dev.nubo.groups.api.GroupView;
import dev.nubo.groups.api.UserRef;
import dev.nubo.groups.domain.GroupRepository;
import dev.nubo.platform.db.SqlValues;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Tables {@code groups} and {@code group_members} through native SQL. Nesting is walked upwards (member to holder)
 * by recursive CTEs over the {@code (member_group_id, group_id)} index; {@code UNION} rather than {@code UNION ALL}
 * keeps each walk finite even if a cycle ever reached the table.
 */
@ApplicationScoped
public class SqlGroupRepository implements GroupRepository {
    /** The advisory lock that serializes nesting changes: "nubogrps" in ASCII. */
    static final long NESTING_LOCK = 0x6e75626f67727073L;

    private static final String VIEW = "SELECT g.id, g.name, g.display_name, g.created_at,"
            + " (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.user_id IS NOT NULL),"
            + " (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.member_group_id IS NOT NULL)"
            + " FROM groups g";
    private static final String HOLDERS_OF_USER = "WITH RECURSIVE holders(id, direct) AS ("
            + " SELECT group_id, true FROM group_members WHERE user_id = ?1"
            + " UNION SELECT m.group_id, false FROM group_members m JOIN holders h ON m.member_group_id = h.id)";
    private static final String PREFIX = " WHERE lower(g.name) LIKE ?1 || '%' ESCAPE '\\'";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    public Optional<GroupView> find(UUID id) {
        return rows(em.createNativeQuery(VIEW + " WHERE g.id = ?1").setParameter(1, id)).stream()
                .findFirst()
                .map(SqlGroupRepository::view);
    }

    @Override
    public boolean nameTaken(String name, UUID except) {
        return !em.createNativeQuery("SELECT 1 FROM groups WHERE lower(name) = lower(?1) AND id <> ?2")
                .setParameter(1, name)
                .setParameter(2, except)
                .getResultList()
                .isEmpty();
    }

    @Override
    public void insert(UUID id, String name, String displayName) {
        em.createNativeQuery("INSERT INTO groups (id, name, display_name) VALUES (?1, ?2, ?3)")
                .setParameter(1, id)
                .setParameter(2, name)
                .setParameter(3, displayName)
                .executeUpdate();
    }

    @Override
    public void update(UUID id, String name, String displayName) {
        em.createNativeQuery("UPDATE groups SET name = ?2, display_name = ?3 WHERE id = ?1")
                .setParameter(1, id)
                .setParameter(2, name)
                .setParameter(3, displayName)
                .executeUpdate();
    }

    @Override
    public void delete(UUID id) {
        em.createNativeQuery("DELETE FROM groups WHERE id = ?1")
                .setParameter(1, id)
                .executeUpdate();
    }

    @Override
    public List<GroupView> page(String likePrefix, int offset, int limit) {
        Query q = em.createNativeQuery(VIEW + PREFIX + " ORDER BY lower(g.name) OFFSET ?2 LIMIT ?3")
                .setParameter(1, likePrefix)
                .setParameter(2, offset)
                .setParameter(3, limit);
        return rows(q).stream().map(SqlGroupRepository::view).toList();
    }

    @Override
    public long count(String likePrefix) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM groups g" + PREFIX)
                        .setParameter(1, likePrefix)
                        .getSingleResult())
                .longValue();
    }

    @Override
    public Members members(UUID groupId) {
        Query q = em.createNativeQuery("SELECT 'u', u.id, u.username, u.display_name, u.enabled, lower(u.username)"
                        + " FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = ?1"
                        + " UNION ALL SELECT 'g', g.id, g.name, g.display_name, true, lower(g.name)"
                        + " FROM group_members m JOIN groups g ON g.id = m.member_group_id WHERE m.group_id = ?1"
                        + " ORDER BY 6")
                .setParameter(1, groupId);
        List<UserRef> users = new ArrayList<>();
        List<GroupRef> groups = new ArrayList<>();
        for (Object[] r : rows(q)) {
            if ("u".equals(r[0])) {
                users.add(new UserRef(uuid(r[1]), (String) r[2], (String) r[3], (Boolean) r[4]));
            } else {
                groups.add(new GroupRef(uuid(r[1]), (String) r[2], (String) r[3]));
            }
        }
        return new Members(List.copyOf(users), List.copyOf(groups));
    }

    @Override
    public long effectiveUserCount(UUID groupId) {
        return ((Number) em.createNativeQuery("WITH RECURSIVE inside(id) AS (SELECT CAST(?1 AS uuid)"
                                + " UNION SELECT m.member_group_id FROM group_members m JOIN inside i"
                                + " ON m.group_id = i.id WHERE m.member_group_id IS NOT NULL)"
                                + " SELECT count(DISTINCT m.user_id) FROM group_members m JOIN inside i"
                                + " ON m.group_id = i.id WHERE m.user_id IS NOT NULL")
                        .setParameter(1, groupId)
                        .getSingleResult())
                .longValue();
    }

    @Override
    public Optional<UserRef> user(UUID userId) {
        return rows(em.createNativeQuery(
                                "SELECT id, username, display_name, enabled FROM users WHERE id = ?1 AND kind = 'person'")
                        .setParameter(1, userId))
                .stream()
                .findFirst()
                .map(SqlGroupRepository::userRef);
    }

    @Override
    public boolean addUser(UUID groupId, UUID userId) {
        return change(
                "INSERT INTO group_members (group_id, user_id) VALUES (?1, ?2)"
                        + " ON CONFLICT (user_id, group_id) WHERE user_id IS NOT NULL DO NOTHING",
                groupId,
                userId);
    }

    @Override
    public boolean removeUser(UUID groupId, UUID userId) {
        return change("DELETE FROM group_members WHERE group_id = ?1 AND user_id = ?2", groupId, userId);
    }

    @Override
    public boolean addGroup(UUID groupId, UUID memberId) {
        return change(
                "INSERT INTO group_members (group_id, member_group_id) VALUES (?1, ?2)"
                        + " ON CONFLICT (member_group_id, group_id) WHERE member_group_id IS NOT NULL DO NOTHING",
                groupId,
                memberId);
    }

    @Override
    public boolean removeGroup(UUID groupId, UUID memberId) {
        return change("DELETE FROM group_members WHERE group_id = ?1 AND member_group_id = ?2", groupId, memberId);
    }

    @Override
    public void lockNesting() {
        em.createNativeQuery("SELECT 1 FROM (SELECT pg_advisory_xact_lock(?1)) AS locked")
                .setParameter(1, NESTING_LOCK)
                .getSingleResult();
    }

    @Override
    public boolean holds(UUID outer, UUID inner) {
        return !em.createNativeQuery("WITH RECURSIVE holders(id) AS ("
                        + " SELECT group_id FROM group_members WHERE member_group_id = ?1"
                        + " UNION SELECT m.group_id FROM group_members m JOIN holders h ON m.member_group_id = h.id)"
                        + " SELECT 1 FROM holders WHERE id = ?2 LIMIT 1")
                .setParameter(1, inner)
                .setParameter(2, outer)
                .getResultList()
                .isEmpty();
    }

    @Override
    public Set<UUID> effectiveGroupIds(UUID userId) {
        List<?> ids = em.createNativeQuery(HOLDERS_OF_USER + " SELECT DISTINCT id FROM holders")
                .setParameter(1, userId)
                .getResultList();
        Set<UUID> out = new HashSet<>();
        ids.forEach(id -> out.add(uuid(id)));
        return Set.copyOf(out);
    }

    @Override
    public List<Membership> memberships(UUID userId) {
        Query q = em.createNativeQuery(HOLDERS_OF_USER + " SELECT g.id, g.name, g.display_name, bool_or(h.direct)"
                        + " FROM holders h JOIN groups g ON g.id = h.id"
                        + " GROUP BY g.id, g.name, g.display_name ORDER BY lower(g.name)")
                .setParameter(1, userId);
        return rows(q).stream()
                .map(r -> new Membership(new GroupRef(uuid(r[0]), (String) r[1], (String) r[2]), (Boolean) r[3]))
                .toList();
    }

    @Override
    public List<UserRef> usersMatching(UUID caller, String likeLiteral, int limit) {
        // the condition repeats the expression of the users_names_trgm index, so the index serves it
        Query q = em.createNativeQuery("SELECT id, username, display_name, enabled FROM users"
                        + " WHERE enabled AND id <> ?1"
                        + " AND lower(username || ' ' || display_name) LIKE '%' || ?2 || '%' ESCAPE '\\'"
                        + " ORDER BY lower(username) LIKE ?2 || '%' ESCAPE '\\' DESC,"
                        + " lower(display_name) LIKE ?2 || '%' ESCAPE '\\' DESC, lower(username) LIMIT ?3")
                .setParameter(1, caller)
                .setParameter(2, likeLiteral)
                .setParameter(3, limit);
        return rows(q).stream().map(SqlGroupRepository::userRef).toList();
    }

    @Override
    public List<GroupRef> groupsMatching(String likeLiteral, int limit) {
        Query q = em.createNativeQuery("SELECT id, name, display_name FROM groups"
                        + " WHERE lower(name) LIKE '%' || ?1 || '%' ESCAPE '\\'"
                        + " OR lower(display_name) LIKE '%' || ?1 || '%' ESCAPE '\\'"
                        + " ORDER BY lower(name) LIKE ?1 || '%' ESCAPE '\\' DESC, lower(name) LIMIT ?2")
                .setParameter(1, likeLiteral)
                .setParameter(2, limit);
        return rows(q).stream()
                .map(r -> new GroupRef(uuid(r[0]), (String) r[1], (String) r[2]))
                .toList();
    }

    private boolean change(String sql, UUID groupId, UUID memberId) {
        return em.createNativeQuery(sql)
                        .setParameter(1, groupId)
                        .setParameter(2, memberId)
                        .executeUpdate()
                > 0;
    }

    @SuppressWarnings("unchecked")
    private static List<Object[]> rows(Query q) {
        return (List<Object[]>) q.getResultList();
    }

    private static GroupView view(Object[] r) {
        return new GroupView(
                uuid(r[0]),
                (String) r[1],
                (String) r[2],
                SqlValues.time(r[3]),
                ((Number) r[4]).longValue(),
                ((Number) r[5]).longValue());
    }

    private static UserRef userRef(Object[] r) {
        return new UserRef(uuid(r[0]), (String) r[1], (String) r[2], (Boolean) r[3]);
    }

    private static UUID uuid(Object o) {
        return o instanceof UUID u ? u : UUID.fromString(o.toString());
    }
}
