package dev.nubo.users.api;

/**
 * Avatars. Until users can upload a picture, each name gets a generated one: a symmetric pattern in a colour
 * derived from the name, the same for every request, so it can be cached by its content hash.
 */
public interface Avatars {
    /** A PNG and the hex SHA-256 of its bytes (the ETag). */
    record Image(byte[] png, String sha256) {}

    /** The avatar of {@code name} at {@code size} pixels square (clamped to 16..1024). */
    Image of(String name, int size);
}
