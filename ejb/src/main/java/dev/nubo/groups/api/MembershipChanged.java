package dev.nubo.groups.api;

/**
 * Fired (synchronously, in the changing thread) after any change that can alter someone's effective groups: a member
 * added or removed, a group deleted. Caches of decisions that depend on group membership drop their entries.
 */
public record MembershipChanged() {}
