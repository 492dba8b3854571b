package dev.nubo.nextcloudwar;

import dev.nubo.platform.api.NuboException;
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
        return seen.computeIfAbsent(id, k -> users.find(k).orElseThrow(() -> NuboException.notFound("user")));
    }
}
