package dev.nubo.groups.api;

import java.util.List;
import java.util.UUID;

/** Whom a user can share with: the share dialog's type-ahead over enabled users and groups. */
public interface Sharees {
    int MAX_LIMIT = 50;
    int MAX_QUERY = 100;

    /**
     * Enabled users other than {@code caller} and groups whose name or display name contains {@code query}
     * (case-insensitive), names starting with it first; at most {@code limit} of each kind.
     */
    Matches search(UUID caller, String query, int limit);

    record Matches(List<UserRef> users, List<GroupRef> groups) {}
}
