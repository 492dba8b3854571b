package dev.nubo.users.api;

import java.util.Optional;

/**
 * An admin's partial update: an empty field is left as it is. {@code quotaBytes} holds an empty inner value to
 * mean "unlimited".
 */
public record UserChanges(
        Optional<String> displayName,
        Optional<String> email,
        Optional<Role> role,
        Optional<Boolean> enabled,
        Optional<Optional<Long>> quotaBytes) {

    public UserChanges withEnabled(boolean value) {
        return new UserChanges(displayName, email, role, Optional.of(value), quotaBytes);
    }

    public static UserChanges none() {
        return new UserChanges(
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
