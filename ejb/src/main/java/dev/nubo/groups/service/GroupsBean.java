package dev.nubo.groups.service;

import dev.nubo.groups.api.GroupChanges;
import dev.nubo.groups.api.GroupDetail;
import dev.nubo.groups.api.GroupRef;
import dev.nubo.groups.api.GroupView;
import dev.nubo.groups.api.Groups;
import dev.nubo.groups.api.MembershipChanged;
import dev.nubo.groups.api.UserGroups;
import dev.nubo.groups.api.UserRef;
import dev.nubo.groups.domain.GroupNames;
import dev.nubo.groups.domain.GroupRepository;
import dev.nubo.groups.domain.GroupRepository.Members;
import dev.nubo.groups.domain.GroupRepository.Membership;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import dev.nubo.share.api.ShareAudit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.UUID;

/**
 * Group administration: each method one transaction, its audit row written in it, so the trail holds exactly the
 * changes that committed. Every change that can alter someone's effective groups fires {@link MembershipChanged}
 * inside the transaction ({@link EffectiveGroupsBean} drops its answers then and again after completion). Reads run
 * in a transaction too: they take several queries, and outside a transaction GroupsArqIT found the container-managed
 * EntityManager closed between two of them (after tasks of a managed executor had run on the caller's behalf).
 */
@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class GroupsBean implements Groups {
    @Inject
    GroupRepository groups;

    @Inject
    ShareAudit audit;

    @Inject
    Event<MembershipChanged> changed;

    @Override
    public GroupView create(String name, String displayName, ShareAudit.Actor actor) {
        String valid = GroupNames.name(name);
        String display = GroupNames.displayName(displayName, valid);
        UUID id = UUID.randomUUID();
        requireFreeName(valid, id);
        try {
            groups.insert(id, valid, display);
        } catch (PersistenceException e) {
            throw SqlValues.isUniqueViolation(e) ? nameTaken(valid) : e;
        }
        audit.record(actor, "group.create", null, null, subject(valid), display.equals(valid) ? null : display);
        return found(id);
    }

    @Override
    public GroupView update(UUID id, GroupChanges changes, ShareAudit.Actor actor) {
        GroupView group = found(id);
        String name = changes.name().map(GroupNames::name).orElse(group.name());
        String display = changes.displayName()
                .map(d -> GroupNames.displayName(d, name))
                .orElse(group.displayName().equals(group.name()) ? name : group.displayName());
        if (name.equals(group.name()) && display.equals(group.displayName())) {
            return group;
        }
        if (!name.equalsIgnoreCase(group.name())) {
            requireFreeName(name, id);
        }
        try {
            groups.update(id, name, display);
        } catch (PersistenceException e) {
            throw SqlValues.isUniqueViolation(e) ? nameTaken(name) : e;
        }
        String detail = name.equals(group.name())
                ? "display name " + display
                : "renamed to " + name + (display.equals(name) ? "" : ", display name " + display);
        audit.record(actor, "group.rename", null, null, subject(group.name()), detail);
        return found(id);
    }

    @Override
    public void delete(UUID id, ShareAudit.Actor actor) {
        GroupView group = found(id);
        groups.delete(id);
        audit.record(actor, "group.delete", null, null, subject(group.name()), null);
        changed.fire(new MembershipChanged());
    }

    @Override
    public Page list(String prefix, int offset, int limit) {
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
            throw NuboException.invalid("offset must be >= 0 and limit between 1 and " + MAX_PAGE);
        }
        String p = prefix == null ? "" : prefix.strip();
        if (p.length() > GroupNames.MAX_NAME) {
            throw NuboException.invalid("q must be at most " + GroupNames.MAX_NAME + " characters");
        }
        String like = GroupNames.likeLiteral(p);
        return new Page(groups.page(like, offset, limit), groups.count(like));
    }

    @Override
    public GroupDetail get(UUID id) {
        GroupView group = found(id);
        Members members = groups.members(id);
        return new GroupDetail(group, members.users(), members.groups(), groups.effectiveUserCount(id));
    }

    @Override
    public void addUser(UUID groupId, UUID userId, ShareAudit.Actor actor) {
        userMembership(groupId, userId, actor, true);
    }

    @Override
    public void removeUser(UUID groupId, UUID userId, ShareAudit.Actor actor) {
        userMembership(groupId, userId, actor, false);
    }

    @Override
    public void addGroup(UUID groupId, UUID memberId, ShareAudit.Actor actor) {
        groups.lockNesting();
        GroupView group = found(groupId);
        GroupView member = found(memberId);
        if (groupId.equals(memberId) || groups.holds(memberId, groupId)) {
            throw NuboException.conflict(
                    "group_cycle",
                    "'" + member.name() + "' cannot join '" + group.name() + "': '" + group.name()
                            + "' is already inside '" + member.name()
                            + "' (directly or through other groups), and a group cannot contain itself");
        }
        if (groups.addGroup(groupId, memberId)) {
            membershipChanged(actor, "group.member.add", group, subject(member.name()));
        }
    }

    @Override
    public void removeGroup(UUID groupId, UUID memberId, ShareAudit.Actor actor) {
        GroupView group = found(groupId);
        GroupView member = found(memberId);
        if (groups.removeGroup(groupId, memberId)) {
            membershipChanged(actor, "group.member.remove", group, subject(member.name()));
        }
    }

    @Override
    public UserGroups groupsOf(UUID userId) {
        groups.user(userId).orElseThrow(() -> NuboException.notFound("user"));
        List<Membership> all = groups.memberships(userId);
        List<GroupRef> direct =
                all.stream().filter(Membership::direct).map(Membership::group).toList();
        return new UserGroups(direct, all.stream().map(Membership::group).toList());
    }

    private void userMembership(UUID groupId, UUID userId, ShareAudit.Actor actor, boolean add) {
        GroupView group = found(groupId);
        UserRef user = groups.user(userId).orElseThrow(() -> NuboException.notFound("user"));
        if (add ? groups.addUser(groupId, userId) : groups.removeUser(groupId, userId)) {
            membershipChanged(
                    actor, add ? "group.member.add" : "group.member.remove", group, "user " + user.username());
        }
    }

    private void membershipChanged(ShareAudit.Actor actor, String action, GroupView group, String detail) {
        audit.record(actor, action, null, null, subject(group.name()), detail);
        changed.fire(new MembershipChanged());
    }

    private GroupView found(UUID id) {
        return groups.find(id).orElseThrow(() -> NuboException.notFound("group"));
    }

    private void requireFreeName(String name, UUID id) {
        if (groups.nameTaken(name, id)) {
            throw nameTaken(name);
        }
    }

    private static NuboException nameTaken(String name) {
        return NuboException.conflict("name_taken", "a group named '" + name + "' already exists");
    }

    private static String subject(String groupName) {
        return "group " + groupName;
    }
}
