package dev.nubo.users.infra;

import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.db.SqlValues;
import dev.nubo.users.domain.UserEntity;
import dev.nubo.users.domain.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class JpaUserRepository implements UserRepository {
    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Override
    public Optional<UserEntity> findById(UUID id) {
        // a shared drive's account is no user: every user operation (sign-in included) sees it as absent
        return Optional.ofNullable(em.find(UserEntity.class, id)).filter(UserEntity::isPerson);
    }

    @Override
    public Optional<UserEntity> findByUsername(String username) {
        return em.createQuery(
                        "SELECT u FROM UserEntity u WHERE LOWER(u.username) = LOWER(:name) AND u.kind = 'person'",
                        UserEntity.class)
                .setParameter("name", username)
                .getResultStream()
                .findFirst();
    }

    @Override
    public boolean usernameTaken(String username) {
        return !em.createNativeQuery("SELECT 1 FROM users WHERE lower(username) = lower(?1)")
                .setParameter(1, username)
                .getResultList()
                .isEmpty();
    }

    @Override
    public List<UserEntity> page(int offset, int limit) {
        return em.createQuery(
                        "SELECT u FROM UserEntity u WHERE u.kind = 'person' ORDER BY LOWER(u.username)",
                        UserEntity.class)
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList();
    }

    @Override
    public long count() {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM users WHERE kind = 'person'")
                        .getSingleResult())
                .longValue();
    }

    @Override
    public long countOtherEnabledAdmins(UUID exceptUserId) {
        return ((Number)
                        em.createNativeQuery("SELECT count(*) FROM users WHERE role = 'admin' AND enabled AND id <> ?1")
                                .setParameter(1, exceptUserId)
                                .getSingleResult())
                .longValue();
    }

    @Override
    public boolean enabledAdminMustChangePassword() {
        return !em.createNativeQuery(
                        "SELECT 1 FROM users WHERE role = 'admin' AND enabled AND must_change_password LIMIT 1")
                .getResultList()
                .isEmpty();
    }

    @Override
    public void add(UserEntity user) {
        em.persist(user);
        try {
            // surface constraint violations here, inside the service's transaction, not at commit
            em.flush();
        } catch (PersistenceException e) {
            if (SqlValues.isUniqueViolation(e)) {
                // a concurrent create took the name between our check and our insert
                throw NuboException.conflict(
                        "username_taken", "a user named '" + user.getUsername() + "' already exists");
            }
            throw e;
        }
    }

    @Override
    public void remove(UserEntity user) {
        em.remove(user);
    }
}
