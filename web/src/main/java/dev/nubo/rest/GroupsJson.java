package dev.nubo.rest;

import dev.nubo.groups.api.GroupView;
import dev.nubo.groups.api.Sharees;
import dev.nubo.groups.api.UserGroups;
import dev.nubo.groups.api.UserRef;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of /api/admin/groups, /api/admin/users/{id}/groups and /api/sharees. */
public final class GroupsJson {
    private GroupsJson() {}

    public record NewGroupRequest(String name, String displayName) {}

    @Schema(
            description = "A group; userMembers and groupMembers count its direct members of each kind",
            requiredProperties = {"id", "name", "displayName", "createdAt"})
    public record Group(
            UUID id, String name, String displayName, OffsetDateTime createdAt, long userMembers, long groupMembers) {
        static Group of(GroupView g) {
            return new Group(g.id(), g.name(), g.displayName(), g.createdAt(), g.userMembers(), g.groupMembers());
        }
    }

    @Schema(description = "A page of groups ordered by name", requiredProperties = "groups")
    public record GroupPage(List<Group> groups, long total, int offset, int limit) {}

    @Schema(
            description = "A group named in a list",
            requiredProperties = {"id", "name", "displayName"})
    public record GroupRef(UUID id, String name, String displayName) {
        static GroupRef of(dev.nubo.groups.api.GroupRef g) {
            return new GroupRef(g.id(), g.name(), g.displayName());
        }

        static List<GroupRef> all(List<dev.nubo.groups.api.GroupRef> groups) {
            return groups.stream().map(GroupRef::of).toList();
        }
    }

    @Schema(
            description = "A user who is a direct member of a group",
            requiredProperties = {"id", "username"})
    public record MemberUser(UUID id, String username, String displayName, boolean enabled) {
        static MemberUser of(UserRef u) {
            return new MemberUser(u.id(), u.username(), u.displayName(), u.enabled());
        }
    }

    @Schema(
            description = "A group with its direct members (users and groups, by name) and the number of distinct"
                    + " users it holds directly or through nested groups",
            requiredProperties = {"group", "users", "groups"})
    public record GroupDetail(Group group, List<MemberUser> users, List<GroupRef> groups, long effectiveUsers) {
        static GroupDetail of(dev.nubo.groups.api.GroupDetail d) {
            return new GroupDetail(
                    Group.of(d.group()),
                    d.users().stream().map(MemberUser::of).toList(),
                    GroupRef.all(d.groups()),
                    d.effectiveUsers());
        }
    }

    @Schema(
            description = "The groups that hold a user directly, and all that hold them directly or through nesting",
            requiredProperties = {"direct", "effective"})
    public record UserGroupList(List<GroupRef> direct, List<GroupRef> effective) {
        static UserGroupList of(UserGroups g) {
            return new UserGroupList(GroupRef.all(g.direct()), GroupRef.all(g.effective()));
        }
    }

    @Schema(
            description = "A user one can share with",
            requiredProperties = {"id", "username", "displayName"})
    public record ShareeUser(UUID id, String username, String displayName) {}

    @Schema(
            description = "Users (enabled, never the caller) and groups matching the query, names starting with it"
                    + " first",
            requiredProperties = {"users", "groups"})
    public record ShareeMatches(List<ShareeUser> users, List<GroupRef> groups) {
        static ShareeMatches of(Sharees.Matches m) {
            return new ShareeMatches(
                    m.users().stream()
                            .map(u -> new ShareeUser(u.id(), u.username(), u.displayName()))
                            .toList(),
                    GroupRef.all(m.groups()));
        }
    }
}
