package dev.nubo.drives.api;

import dev.nubo.files.api.NodeView;
import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareRole;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A drive the caller is a member of: the strongest of the live grants on its root that reach them (directly or
 * through a group, {@code via} null when direct), and since when. {@code root} is the root folder under the drive's
 * name.
 */
public record MyDrive(
        UUID id,
        String name,
        NodeView root,
        ShareRole role,
        Long quotaBytes,
        long usedBytes,
        long grantId,
        OffsetDateTime since,
        Grantee via) {}
