package dev.nubo.nextcloudwar;

import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** The users one OCS answer names, each looked up once. */
final class OcsPeople {
    private final Map<UUID, UserView> seen = new HashMap<>();
    private final UserService users;

    OcsPeople(UserService users) {
        this.users = users;
    }

    UserView user(UUID id) {
        // an item of a shared drive is owned by the drive's account, which is no user: shown as the drive
        return seen.computeIfAbsent(
                id,
                k -> users.find(k)
                        .orElseGet(() -> new UserView(
                                k, "drive", "Shared drive", null, Role.USER, false, null, 0, null, false)));
    }
}
