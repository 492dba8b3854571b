package dev.nubo.groups.domain;

import dev.nubo.groups.api.GroupRef;
import dev.nubo.groups.api.GroupView;
import dev.nubo.groups.api.UserRef;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Storage of groups and memberships. Names compare without regard to case, as the unique index does. */
public interface GroupRepository {
    Optional<GroupView> find(UUID id);

    boolean nameTaken(String name, UUID except);

    void insert(UUID id, String name, String displayName);

    void update(UUID id, String name, String displayName);

    void delete(UUID id);

    /** Groups whose lower-cased name starts with {@code likePrefix} (a {@link GroupNames#likeLiteral}). */
    List<GroupView> page(String likePrefix, int offset, int limit);

    long count(String likePrefix);

    /** The direct members of both kinds, read in one query, each list ordered by name. */
    Members members(UUID groupId);

    /** Distinct users in the group directly or through nested groups. */
    long effectiveUserCount(UUID groupId);

    Optional<UserRef> user(UUID userId);

    /** True when the membership was added, false when it existed. */
    boolean addUser(UUID groupId, UUID userId);

    /** True when a membership was removed. */
    boolean removeUser(UUID groupId, UUID userId);

    boolean addGroup(UUID groupId, UUID memberId);

    boolean removeGroup(UUID groupId, UUID memberId);

    /**
     * Serializes group-in-group changes until the transaction ends, so two concurrent additions that each look
     * harmless cannot close a cycle together.
     */
    void lockNesting();

    /** Whether {@code inner} is a member group of {@code outer}, directly or through any chain of groups. */
    boolean holds(UUID outer, UUID inner);

    /** Every group that holds the user directly or through nesting: one recursive query. */
    Set<UUID> effectiveGroupIds(UUID userId);

    /** The user's groups with whether each is direct, ordered by name: one recursive query. */
    List<Membership> memberships(UUID userId);

    /** Enabled users other than {@code caller} whose name contains the pattern, those starting with it first. */
    List<UserRef> usersMatching(UUID caller, String likeLiteral, int limit);

    List<GroupRef> groupsMatching(String likeLiteral, int limit);

    record Members(List<UserRef> users, List<GroupRef> groups) {}

    record Membership(GroupRef group, boolean direct) {}
}
