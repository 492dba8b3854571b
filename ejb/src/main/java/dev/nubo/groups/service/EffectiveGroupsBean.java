package dev.nubo.groups.service;

import dev.nubo.groups.api.EffectiveGroups;
import dev.nubo.groups.api.MembershipChanged;
import dev.nubo.groups.domain.GroupRepository;
import dev.nubo.platform.cache.Caches;
import dev.nubo.users.api.UserDeleting;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;

/**
 * Effective groups, one recursive query per user on a miss, cached until any membership changes.
 *
 * <p>Invalidation runs twice per change: when {@link MembershipChanged} is fired inside the changing transaction, and
 * again once that transaction has completed. The second is what makes it correct: until the commit, other readers
 * still see the old rows and may cache them; after the commit nothing loaded before it is served (see {@link
 * EffectiveGroupsCache}). Both run in the changing thread, so the change's caller gets its answer only after them.
 * The after-completion observer runs first among its phase's observers ({@link Interceptor.Priority#PLATFORM_BEFORE}),
 * so a decision cache that drops its entries in the same phase cannot rebuild them from an answer of ours that is
 * about to go.
 */
@ApplicationScoped
public class EffectiveGroupsBean implements EffectiveGroups {
    static final String CACHE = "nubo.groups.effective";
    /** A safety net only: every change invalidates at once. */
    static final Duration TIME_TO_LIVE = Duration.ofMinutes(10);

    static final long MAX_USERS = 50_000;

    @Inject
    GroupRepository groups;

    @Inject
    Caches caches;

    @Inject
    Event<MembershipChanged> changed;

    private EffectiveGroupsCache cache;

    @PostConstruct
    void init() {
        cache = new EffectiveGroupsCache(
                caches.cache(CACHE, UUID.class, EffectiveGroupsCache.Stamped.class, MAX_USERS, TIME_TO_LIVE));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Set<UUID> of(UUID user) {
        return cache.get(user, groups::effectiveGroupIds);
    }

    void onChange(@Observes(during = TransactionPhase.IN_PROGRESS) MembershipChanged change) {
        cache.invalidateAll();
    }

    void afterChange(
            @Observes(during = TransactionPhase.AFTER_COMPLETION) @Priority(Interceptor.Priority.PLATFORM_BEFORE)
                    MembershipChanged change) {
        cache.invalidateAll();
    }

    /** A deleted user's memberships go with them (by cascade): tell every cache built on memberships. */
    void onUserDeleting(@Observes UserDeleting deleting) {
        changed.fire(new MembershipChanged());
    }
}
