package dev.nubo.drives.api;

import dev.nubo.share.api.Grantee;
import dev.nubo.share.api.ShareRole;
import java.time.OffsetDateTime;

/** A member of a drive: a user or a group, with its role and since when. */
public record DriveMember(Grantee grantee, ShareRole role, OffsetDateTime since) {}
