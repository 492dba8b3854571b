package dev.nubo.users.api;

import java.util.UUID;

/**
 * Fired synchronously inside the creating transaction, so a feature that provisions per-user data (a root folder,
 * a default calendar) does it atomically with the user: if an observer fails, no user is created.
 */
public record UserCreated(UUID userId, String username) {}
