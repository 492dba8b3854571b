package dev.nubo.groups.api;

import dev.nubo.share.api.ShareAudit;
import java.util.List;
import java.util.UUID;

/**
 * Group administration. Each change is one transaction, recorded in the sharing audit trail under the acting admin,
 * and a change of membership reaches {@link EffectiveGroups} before the method returns. Unknown ids answer
 * {@code not_found}; a taken name {@code name_taken}; a group membership that would make a group hold itself,
 * directly or through other groups, {@code group_cycle} (all {@link dev.nubo.platform.api.NuboException}).
 */
public interface Groups {
    int MAX_PAGE = 500;

    GroupView create(String name, String displayName, ShareAudit.Actor actor);

    GroupView update(UUID id, GroupChanges changes, ShareAudit.Actor actor);

    /** Deletes the group, its memberships (either side) and the shares made to it. */
    void delete(UUID id, ShareAudit.Actor actor);

    /** Groups ordered by name, those starting with {@code prefix} (case-insensitive; empty: all), and their count. */
    Page list(String prefix, int offset, int limit);

    GroupDetail get(UUID id);

    /** Adds a user to a group; adding a member again changes nothing. */
    void addUser(UUID groupId, UUID userId, ShareAudit.Actor actor);

    /** Removes a user from a group; removing a non-member changes nothing. */
    void removeUser(UUID groupId, UUID userId, ShareAudit.Actor actor);

    /** Nests {@code memberId} in {@code groupId}; refused with {@code group_cycle} when it would close a cycle. */
    void addGroup(UUID groupId, UUID memberId, ShareAudit.Actor actor);

    void removeGroup(UUID groupId, UUID memberId, ShareAudit.Actor actor);

    /** The user's direct and effective groups, ordered by name; {@code not_found} for an unknown user. */
    UserGroups groupsOf(UUID userId);

    record Page(List<GroupView> groups, long total) {}
}
