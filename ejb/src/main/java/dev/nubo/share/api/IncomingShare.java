package dev.nubo.share.api;

import dev.nubo.files.api.NodeView;
import java.time.OffsetDateTime;

/**
 * An item shared with the caller ("shared with me"): the item, who owns it, the highest live role the caller holds on
 * it, since when, until when, and the group it came through (null when granted to the caller directly). When several
 * grants reach the same item the strongest one is shown; {@code grantId} is that grant.
 */
public record IncomingShare(
        long grantId,
        NodeView node,
        Grantee owner,
        ShareRole role,
        OffsetDateTime since,
        OffsetDateTime expiresAt,
        Grantee via,
        boolean hidden) {}
