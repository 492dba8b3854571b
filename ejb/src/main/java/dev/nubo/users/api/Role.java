package dev.nubo.users.api;

import dev.nubo.platform.api.NuboException;
import java.util.Locale;

/** What a user may administer. */
public enum Role {
    ADMIN,
    USER;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Role parse(String value) {
        if (value != null) {
            for (Role r : values()) {
                if (r.wireName().equals(value)) {
                    return r;
                }
            }
        }
        throw NuboException.invalid("role must be one of: admin, user");
    }
}
