package dev.nubo.users.api;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The user directory. Each method is one transaction. */
public interface UserService {
    UserView create(NewUser user);

    Optional<UserView> find(UUID id);

    /** A page of users ordered by user name, and the total count. */
    Page list(int offset, int limit);

    UserView update(UUID id, UserChanges changes);

    void delete(UUID id);

    boolean anyUserExists();

    /** True while any enabled admin still has the password the first start generated (first-run setup pending). */
    boolean setupPending();

    Optional<UserCredentials> credentialsByUsername(String username);

    Optional<UserCredentials> credentials(UUID id);

    /**
     * Checks the password rules, hashes and stores it, clears {@code mustChangePassword} in the same transaction, and
     * fires {@link UserAccessChanged}.
     */
    void setPassword(UUID id, String newPassword);

    /** Stores a new password hash (already computed by the caller) and fires {@link UserAccessChanged}. */
    void replacePasswordHash(UUID id, String passwordHash, boolean credentialsChanged);

    record Page(List<UserView> users, long total) {}
}
