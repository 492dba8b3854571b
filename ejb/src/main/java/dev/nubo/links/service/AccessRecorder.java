package dev.nubo.links.service;

import dev.nubo.platform.cache.Caches;
import dev.nubo.share.api.ShareAudit;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import javax.cache.Cache;

/**
 * Records what an anonymous visitor did through a link ({@code link.access}, {@code link.password_failed}), in the
 * caller's transaction when there is one, else in its own (after a streamed upload, which runs outside any).
 * Accesses from clients that make many requests (public WebDAV) are recorded at most once per link and address in
 * {@link #ONCE_EVERY}, so the trail stays bounded whatever the client does.
 */
@ApplicationScoped
public class AccessRecorder {
    static final Duration ONCE_EVERY = Duration.ofMinutes(10);

    @Inject
    ShareAudit audit;

    @Inject
    Caches caches;

    private Cache<String, Boolean> recent;

    @PostConstruct
    void init() {
        recent = caches.cache("link-access-recorded", String.class, Boolean.class, 100_000, ONCE_EVERY);
    }

    @Transactional(Transactional.TxType.REQUIRED)
    public void record(String action, long linkId, java.util.UUID ownerId, long nodeId, String detail, String address) {
        audit.record(new ShareAudit.Actor(null, address), action, ownerId, nodeId, LinksBean.subject(linkId), detail);
    }

    /** As {@link #record}, unless the same action on the same link from the same address was recorded lately. */
    @Transactional(Transactional.TxType.REQUIRED)
    public void recordOnce(
            String action, long linkId, java.util.UUID ownerId, long nodeId, String detail, String address) {
        if (recent.putIfAbsent(action + " " + linkId + " " + address, Boolean.TRUE)) {
            record(action, linkId, ownerId, nodeId, detail, address);
        }
    }
}
