package dev.nubo.users.api;

/** What an admin (or the first start) gives to create a user; optional fields may be null. */
public record NewUser(String username, String password, String displayName, String email, Role role, Long quotaBytes) {}
