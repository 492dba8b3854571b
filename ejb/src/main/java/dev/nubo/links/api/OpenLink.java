package dev.nubo.links.api;

import dev.nubo.files.api.NodeView;
import java.time.Instant;
import java.util.UUID;

/**
 * A live link as a visitor's request resolved it: not expired, not exhausted, its item neither deleted nor in the
 * trash. {@code unlockStamp} changes whenever the password does (it is derived from the stored hash, not the hash),
 * so an unlock cookie dies with a password change.
 */
public record OpenLink(
        long id,
        UUID ownerId,
        String ownerName,
        LinkPermission permission,
        boolean passwordProtected,
        Instant expiresAt,
        NodeView root,
        String unlockStamp) {

    /** 403 {@code not_allowed} unless the permission allows the need. */
    public void require(LinkPermission.Need need) {
        if (!permission.allows(need)) {
            throw new dev.nubo.platform.api.NuboException(
                    dev.nubo.platform.api.ErrorKind.FORBIDDEN,
                    "not_allowed",
                    "this link does not allow that (" + need.name().toLowerCase(java.util.Locale.ROOT) + ")");
        }
    }
}
