package dev.nubo.groups.infra;

import dev.nubo.groups.api.EffectiveGroups;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Effective groups in one recursive query, uncached; replaced by the cached resolver of the groups feature. */
@ApplicationScoped
public class SqlEffectiveGroupsInterim implements EffectiveGroups {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    public Set<UUID> of(UUID user) {
        List<?> rows = em.createNativeQuery("WITH RECURSIVE mine(id) AS (SELECT group_id FROM group_members"
                        + " WHERE user_id = ?1 UNION SELECT m.group_id FROM group_members m JOIN mine ON"
                        + " m.member_group_id = mine.id) SELECT id FROM mine")
                .setParameter(1, user)
                .getResultList();
        return rows.stream()
                .map(r -> r instanceof UUID u ? u : UUID.fromString(r.toString()))
                .collect(Collectors.toUnmodifiableSet());
    }
}
