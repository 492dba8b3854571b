package dev.nubo.links.api;

import dev.nubo.platform.api.NuboException;
import java.util.Locale;

/**
 * What a link lets its visitors do. {@code VIEW} browses and previews inline (like Nextcloud's "hide download": the
 * page offers no download and the server refuses attachment downloads and ZIPs, though a browser can always keep what
 * it shows); {@code DOWNLOAD} adds saving files and ZIPs; {@code DROP} (folders only) accepts uploads and shows
 * nothing of the folder; {@code EDIT} is download plus upload, new folder, rename and delete to the trash.
 */
public enum LinkPermission {
    VIEW,
    DOWNLOAD,
    DROP,
    EDIT;

    /** What a visitor asks to do; each permission allows a fixed set. */
    public enum Need {
        /** List a folder, see an item's metadata. */
        LIST,
        /** Show a file inline (preview, thumbnail). */
        PREVIEW,
        /** Save a file as an attachment, or a ZIP. */
        DOWNLOAD,
        /** Add files. */
        UPLOAD,
        /** New folder, rename, delete to the trash. */
        MODIFY
    }

    public boolean allows(Need need) {
        return switch (this) {
            case VIEW -> need == Need.LIST || need == Need.PREVIEW;
            case DOWNLOAD -> need == Need.LIST || need == Need.PREVIEW || need == Need.DOWNLOAD;
            case DROP -> need == Need.UPLOAD;
            case EDIT -> true;
        };
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The API spelling: view, download, drop, edit. */
    public static LinkPermission parse(String value) {
        if (value != null) {
            for (LinkPermission p : values()) {
                if (p.wire().equals(value.strip().toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
        }
        throw NuboException.invalid("permission must be view, download, drop or edit");
    }
}
