package dev.nubo.users.api;

import java.util.UUID;

/**
 * Fired (synchronously, inside the changing transaction's thread) when anything that decides whether or how a user
 * may sign in changed: password, role, enabled, deletion. Credential and session caches drop the user's entries.
 */
public record UserAccessChanged(UUID userId) {}
