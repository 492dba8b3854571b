package dev.nubo.platform.cache;

import com.github.benmanes.caffeine.jcache.configuration.CaffeineConfiguration;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.OptionalLong;
import javax.cache.Cache;
import javax.cache.CacheManager;
import javax.cache.Caching;
import javax.cache.spi.CachingProvider;

/**
 * The application's JCache manager, on Caffeine. The provider is named explicitly because the server ships
 * Hazelcast's JCache provider too and an unqualified lookup finds two. One instance per application, so every
 * surface (REST, DAV, Nextcloud) sees the same entries and the same invalidations.
 */
@ApplicationScoped
public class Caches {
    static final String PROVIDER = "com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider";

    private CacheManager manager;

    private synchronized CacheManager manager() {
        if (manager == null) {
            CachingProvider provider = Caching.getCachingProvider(PROVIDER, Caches.class.getClassLoader());
            manager = provider.getCacheManager(provider.getDefaultURI(), Caches.class.getClassLoader());
        }
        return manager;
    }

    /** Returns the named cache, creating it with a size bound and a time-to-live on first use. */
    public synchronized <K, V> Cache<K, V> cache(
            String name, Class<K> keyType, Class<V> valueType, long maximumSize, Duration timeToLive) {
        Cache<K, V> existing = manager().getCache(name, keyType, valueType);
        if (existing != null) {
            return existing;
        }
        CaffeineConfiguration<K, V> config = new CaffeineConfiguration<>();
        config.setTypes(keyType, valueType);
        config.setStoreByValue(false);
        config.setMaximumSize(OptionalLong.of(maximumSize));
        config.setExpireAfterWrite(OptionalLong.of(timeToLive.toNanos()));
        return manager().createCache(name, config);
    }

    @PreDestroy
    synchronized void close() {
        if (manager != null) {
            manager.close();
        }
    }
}
