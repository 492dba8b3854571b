package dev.nubo.groups.api;

import java.util.List;

/** The groups that hold a user directly, and every group that holds them directly or through nesting. */
public record UserGroups(List<GroupRef> direct, List<GroupRef> effective) {}
