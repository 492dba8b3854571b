package dev.nubo.share.api;

import dev.nubo.platform.api.NuboException;
import java.util.Locale;

/** What a grant allows: a viewer reads and downloads, an editor also writes inside, a manager also shares further. */
public enum ShareRole {
    VIEWER,
    EDITOR,
    MANAGER;

    /** The name on every surface and in the database: {@code viewer}, {@code editor}, {@code manager}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** 400 for anything but the three names. */
    public static ShareRole parse(String wire) {
        if (wire != null) {
            for (ShareRole r : values()) {
                if (r.wire().equals(wire)) {
                    return r;
                }
            }
        }
        throw NuboException.invalid("role must be one of viewer, editor, manager");
    }
}
