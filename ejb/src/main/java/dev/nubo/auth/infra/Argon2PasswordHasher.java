package dev.nubo.auth.infra;

import dev.nubo.auth.api.PasswordHasher;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The installation's password hasher, its cost set by {@code nubo.auth.argon2.*}. */
@ApplicationScoped
public class Argon2PasswordHasher implements PasswordHasher {
    @Inject
    @ConfigProperty(name = "nubo.auth.argon2.memory-kib", defaultValue = "19456")
    int memoryKiB;

    @Inject
    @ConfigProperty(name = "nubo.auth.argon2.iterations", defaultValue = "2")
    int iterations;

    @Inject
    @ConfigProperty(name = "nubo.auth.argon2.parallelism", defaultValue = "1")
    int parallelism;

    private Argon2idHasher hasher;
    private String dummyHash;

    @PostConstruct
    void init() {
        hasher = new Argon2idHasher(new Argon2Parameters(memoryKiB, iterations, parallelism));
        dummyHash = hasher.hash("nubo-timing-equaliser");
    }

    @Override
    public String hash(String password) {
        return hasher.hash(password);
    }

    @Override
    public boolean verify(String password, String storedHash) {
        return hasher.verify(password, storedHash);
    }

    @Override
    public void verifyDummy(String password) {
        hasher.verify(password, dummyHash);
    }

    @Override
    public boolean needsRehash(String storedHash) {
        return hasher.needsRehash(storedHash);
    }
}
