package dev.nubo.users.service;

import dev.nubo.auth.api.PasswordHasher;
import dev.nubo.platform.api.NuboException;
import dev.nubo.settings.api.RuntimeSettings;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserAccessChanged;
import dev.nubo.users.api.UserChanges;
import dev.nubo.users.api.UserCreated;
import dev.nubo.users.api.UserCredentials;
import dev.nubo.users.api.UserDeleting;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import dev.nubo.users.domain.UserEntity;
import dev.nubo.users.domain.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
@Transactional(rollbackOn = Exception.class)
public class UserServiceBean implements UserService {
    static final int MAX_PAGE = 500;

    @Inject
    UserRepository users;

    @Inject
    PasswordHasher hasher;

    @Inject
    RuntimeSettings settings;

    @Inject
    Event<UserCreated> created;

    @Inject
    Event<UserAccessChanged> accessChanged;

    @Inject
    Event<UserDeleting> deleting;

    @Override
    public UserView create(NewUser request) {
        String username = UserValidation.username(request.username());
        String password = UserValidation.password(request.password());
        String displayName = UserValidation.displayName(request.displayName(), username);
        String email = UserValidation.email(request.email());
        Long quota = request.quotaBytes() != null
                ? UserValidation.quota(request.quotaBytes())
                : settings.defaultQuotaBytes().orElse(null);
        if (users.usernameTaken(username)) {
            throw NuboException.conflict("username_taken", "a user named '" + username + "' already exists");
        }
        Role role = request.role() == null ? Role.USER : request.role();
        UserEntity user =
                new UserEntity(UUID.randomUUID(), username, displayName, hasher.hash(password), role.wireName());
        user.setEmail(email);
        user.setQuotaBytes(quota);
        user.setMustChangePassword(request.mustChangePassword());
        users.add(user);
        created.fire(new UserCreated(user.getId(), username));
        return view(user);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<UserView> find(UUID id) {
        return users.findById(id).map(UserServiceBean::view);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Page list(int offset, int limit) {
        if (offset < 0 || limit < 1 || limit > MAX_PAGE) {
            throw NuboException.invalid("offset must be >= 0 and limit between 1 and " + MAX_PAGE);
        }
        return new Page(
                users.page(offset, limit).stream().map(UserServiceBean::view).toList(), users.count());
    }

    @Override
    public UserView update(UUID id, UserChanges changes) {
        UserEntity user = users.findById(id).orElseThrow(() -> NuboException.notFound("user"));
        boolean access = false;
        if (changes.displayName().isPresent()) {
            user.setDisplayName(UserValidation.displayName(changes.displayName().get(), user.getUsername()));
        }
        if (changes.email().isPresent()) {
            user.setEmail(UserValidation.email(changes.email().get()));
        }
        if (changes.quotaBytes().isPresent()) {
            user.setQuotaBytes(UserValidation.quota(changes.quotaBytes().get().orElse(null)));
        }
        Role newRole = changes.role().orElse(Role.parse(user.getRole()));
        boolean newEnabled = changes.enabled().orElse(user.isEnabled());
        if (newRole != Role.parse(user.getRole()) || newEnabled != user.isEnabled()) {
            if (isEnabledAdmin(user) && (newRole != Role.ADMIN || !newEnabled)) {
                requireAnotherAdmin(user);
            }
            user.setRole(newRole.wireName());
            user.setEnabled(newEnabled);
            access = true;
        }
        if (access) {
            accessChanged.fire(new UserAccessChanged(id));
        }
        return view(user);
    }

    @Override
    public void delete(UUID id) {
        UserEntity user = users.findById(id).orElseThrow(() -> NuboException.notFound("user"));
        if (isEnabledAdmin(user)) {
            requireAnotherAdmin(user);
        }
        deleting.fire(new UserDeleting(id));
        users.remove(user);
        accessChanged.fire(new UserAccessChanged(id));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean anyUserExists() {
        return users.count() > 0;
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean setupPending() {
        return users.enabledAdminMustChangePassword();
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<UserCredentials> credentialsByUsername(String username) {
        if (username == null || !UserValidation.USERNAME.matcher(username).matches()) {
            return Optional.empty();
        }
        return users.findByUsername(username).map(UserServiceBean::credentials);
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<UserCredentials> credentials(UUID id) {
        return users.findById(id).map(UserServiceBean::credentials);
    }

    @Override
    public void setPassword(UUID id, String newPassword) {
        String password = UserValidation.password(newPassword);
        UserEntity user = users.findById(id).orElseThrow(() -> NuboException.notFound("user"));
        user.setPasswordHash(hasher.hash(password));
        user.setMustChangePassword(false);
        accessChanged.fire(new UserAccessChanged(id));
    }

    @Override
    public void replacePasswordHash(UUID id, String passwordHash, boolean credentialsChanged) {
        UserEntity user = users.findById(id).orElseThrow(() -> NuboException.notFound("user"));
        user.setPasswordHash(passwordHash);
        if (credentialsChanged) {
            accessChanged.fire(new UserAccessChanged(id));
        }
    }

    private static boolean isEnabledAdmin(UserEntity user) {
        return user.isEnabled() && Role.ADMIN.wireName().equals(user.getRole());
    }

    private void requireAnotherAdmin(UserEntity user) {
        if (users.countOtherEnabledAdmins(user.getId()) == 0) {
            throw NuboException.conflict("last_admin", "the last enabled admin cannot be disabled, demoted or deleted");
        }
    }

    private static UserCredentials credentials(UserEntity u) {
        return new UserCredentials(
                u.getId(), u.getUsername(), u.getPasswordHash(), Role.parse(u.getRole()), u.isEnabled());
    }

    static UserView view(UserEntity u) {
        return new UserView(
                u.getId(),
                u.getUsername(),
                u.getDisplayName(),
                u.getEmail(),
                Role.parse(u.getRole()),
                u.isEnabled(),
                u.getQuotaBytes(),
                u.getUsedBytes(),
                u.getCreatedAt(),
                u.isMustChangePassword());
    }
}
