package dev.nubo.auth.infra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.AuthenticatedUser.Credential;
import dev.nubo.users.api.Role;
import java.util.Optional;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.configuration.MutableConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CredentialCacheTest {
    CacheManager manager;
    CredentialCache cache;

    final UUID alice = UUID.randomUUID();
    final UUID bob = UUID.randomUUID();

    @BeforeEach
    void setUp() {
        manager = Caching.getCachingProvider("com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider")
                .getCacheManager();
        cache = new CredentialCache(manager.createCache(
                "c-" + UUID.randomUUID(),
                new MutableConfiguration<String, AuthenticatedUser>()
                        .setTypes(String.class, AuthenticatedUser.class)
                        .setStoreByValue(false)));
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    static AuthenticatedUser user(UUID id) {
        return new AuthenticatedUser(id, "u" + id, Role.USER, Credential.BASIC_PASSWORD, null, null);
    }

    @Test
    void loadedEntries_areServedUntilTheirUserIsInvalidated() {
        cache.load("a1", () -> Optional.of(user(alice)));
        cache.load("a2", () -> Optional.of(user(alice)));
        cache.load("b1", () -> Optional.of(user(bob)));

        cache.invalidateUser(alice);

        assertThat(cache.get("a1")).isEmpty();
        assertThat(cache.get("a2")).isEmpty();
        assertThat(cache.get("b1")).hasValue(user(bob));
    }

    @Test
    void failedLookups_areNotCached() {
        assertThat(cache.load("x", Optional::empty)).isEmpty();
        assertThat(cache.get("x")).isEmpty();
    }

    @Test
    void aLookupOverlappingAnInvalidation_doesNotReinsertStaleData() {
        // the loader read the database before the change committed; the invalidation ran while it was loading
        Optional<AuthenticatedUser> loaded = cache.load("a1", () -> {
            cache.invalidateUser(alice);
            return Optional.of(user(alice));
        });
        assertThat(loaded).isPresent();
        assertThat(cache.get("a1")).isEmpty();
    }
}
