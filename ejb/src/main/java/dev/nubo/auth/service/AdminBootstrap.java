package dev.nubo.auth.service;

import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.config.StartupFailure;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Creates the first admin when the installation has no user: {@code NUBO_ADMIN_USER} / {@code NUBO_ADMIN_PASSWORD},
 * or, without a password, a random one printed once in the log.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
public class AdminBootstrap {
    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class.getName());
    private static final char[] ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789".toCharArray();

    @Inject
    UserService users;

    @Inject
    @ConfigProperty(name = "nubo.admin.user", defaultValue = "admin")
    String adminUser;

    @Inject
    @ConfigProperty(name = "nubo.admin.password")
    Optional<String> adminPassword;

    @PostConstruct
    void createFirstAdmin() {
        if (users.anyUserExists()) {
            return;
        }
        boolean generated = adminPassword.filter(p -> !p.isEmpty()).isEmpty();
        String password = generated ? randomPassword() : adminPassword.get();
        try {
            // a generated password was printed in the log: the web app's first-run setup asks for a new one
            users.create(new NewUser(adminUser, password, null, null, Role.ADMIN, null, generated));
        } catch (NuboException e) {
            String setting = e.getMessage().startsWith("password") ? "NUBO_ADMIN_PASSWORD" : "NUBO_ADMIN_USER";
            throw StartupFailure.of(setting, e.getMessage());
        }
        if (!generated) {
            LOG.info(() ->
                    "nubo: created the first admin '" + adminUser + "' with the password from NUBO_ADMIN_PASSWORD");
        } else {
            LOG.warning(() -> "nubo: created the first admin '" + adminUser + "' with the one-time password: "
                    + password + "  (shown only now; change it after signing in)");
        }
    }

    private static String randomPassword() {
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder(20);
        for (int i = 0; i < 20; i++) {
            sb.append(ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        return sb.toString();
    }
}
