package dev.nubo.users.api;

/**
 * What an admin (or the first start) gives to create a user; optional fields may be null. {@code mustChangePassword}
 * marks a password someone else chose (the first start's generated one): the web app asks for a new one first. A
 * null {@code quotaBytes} gives the server's default quota for new users (an admin setting, unlimited unless set).
 */
public record NewUser(
        String username,
        String password,
        String displayName,
        String email,
        Role role,
        Long quotaBytes,
        boolean mustChangePassword) {
    public NewUser(String username, String password, String displayName, String email, Role role, Long quotaBytes) {
        this(username, password, displayName, email, role, quotaBytes, false);
    }
}
