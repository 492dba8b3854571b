package dev.nubo.users.api;

import java.util.UUID;

/** What authentication needs to know of a user; never leaves the ejb module's auth feature. */
public record UserCredentials(UUID id, String username, String passwordHash, Role role, boolean enabled) {}
