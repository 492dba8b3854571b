package dev.nubo.auth.api;

/** One-way password hashing with the parameters stored inside each hash, so they can be raised later. */
public interface PasswordHasher {
    String hash(String password);

    /** Constant-time check of a password against a stored hash; false for a malformed hash. */
    boolean verify(String password, String storedHash);

    /** Spends the same work as a real verification, for unknown users, so timing does not tell them apart. */
    void verifyDummy(String password);

    /** True when the hash was made with other parameters than the current ones. */
    boolean needsRehash(String storedHash);
}
