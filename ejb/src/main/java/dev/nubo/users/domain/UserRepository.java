package dev.nubo.users.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Storage of users. Lookups by name ignore case, as the unique index does. */
public interface UserRepository {
    Optional<UserEntity> findById(UUID id);

    Optional<UserEntity> findByUsername(String username);

    boolean usernameTaken(String username);

    List<UserEntity> page(int offset, int limit);

    long count();

    /** Enabled admins other than the given user: the guard against locking everyone out. */
    long countOtherEnabledAdmins(UUID exceptUserId);

    /** Whether an enabled admin still has the password the first start generated: setup is not finished. */
    boolean enabledAdminMustChangePassword();

    void add(UserEntity user);

    void remove(UserEntity user);
}
