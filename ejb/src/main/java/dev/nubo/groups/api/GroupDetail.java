package dev.nubo.groups.api;

import java.util.List;

/**
 * A group with its direct members, ordered by name, and the number of distinct users it holds directly or through
 * nested groups (what a share with this group reaches).
 */
public record GroupDetail(GroupView group, List<UserRef> users, List<GroupRef> groups, long effectiveUsers) {}
