package dev.nubo.groups.api;

import java.util.Set;
import java.util.UUID;

/**
 * The groups a user belongs to directly or through nested groups, as the sharing checks need them. Answers are
 * cached per user; every membership change, group deletion or user deletion drops the cached answers before its
 * transaction's caller gets a reply, so a revoked membership loses access on the very next request.
 */
public interface EffectiveGroups {
    /** The ids of every group that holds {@code user}, directly or through a chain of groups (empty when none). */
    Set<UUID> of(UUID user);
}
