package dev.nubo.rest.files;

import dev.nubo.drives.api.Drives;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.ShareRole;
import java.util.UUID;

/**
 * The {@code ?drive=} of the trash and search: whose trash or files the request means. Without it, the caller's own;
 * with it, the drive's, once the caller is found to be its member with at least the role needed (404 for anyone
 * else, exactly like a drive that does not exist).
 */
final class DriveScope {
    private DriveScope() {}

    static UUID owner(Drives drives, UUID caller, String drive, ShareRole needed) {
        if (drive == null || drive.isEmpty()) {
            return caller;
        }
        UUID id;
        try {
            id = UUID.fromString(drive);
        } catch (IllegalArgumentException e) {
            throw NuboException.invalid("drive must be a drive's id (a UUID)");
        }
        return drives.require(caller, id, needed).id();
    }
}
