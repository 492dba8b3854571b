package dev.nubo.groups.service;

import dev.nubo.groups.api.Sharees;
import dev.nubo.groups.domain.GroupNames;
import dev.nubo.groups.domain.GroupRepository;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.UUID;

/** The share dialog's type-ahead: two bounded queries (users, groups), each served by an index on lower names. */
@ApplicationScoped
@Transactional
public class ShareesBean implements Sharees {
    @Inject
    GroupRepository groups;

    @Override
    public Matches search(UUID caller, String query, int limit) {
        String q = query == null ? "" : query.strip();
        if (q.isEmpty() || q.length() > MAX_QUERY) {
            throw NuboException.invalid("q must be 1 to " + MAX_QUERY + " characters");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw NuboException.invalid("limit must be between 1 and " + MAX_LIMIT);
        }
        String like = GroupNames.likeLiteral(q);
        return new Matches(groups.usersMatching(caller, like, limit), groups.groupsMatching(like, limit));
    }
}
