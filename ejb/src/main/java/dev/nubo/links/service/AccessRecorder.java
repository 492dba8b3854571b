package dev.nubo.links.service;

import dev.nubo.share.api.ShareAudit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * Records what an anonymous visitor did through a link ({@code link.access}, {@code link.password_failed}), in the
 * caller's transaction when there is one, else in its own (after a streamed upload, which runs outside any).
 */
@ApplicationScoped
public class AccessRecorder {
    @Inject
    ShareAudit audit;

    @Transactional(Transactional.TxType.REQUIRED)
    public void record(String action, long linkId, java.util.UUID ownerId, long nodeId, String detail, String address) {
        audit.record(new ShareAudit.Actor(null, address), action, ownerId, nodeId, LinksBean.subject(linkId), detail);
    }
}
