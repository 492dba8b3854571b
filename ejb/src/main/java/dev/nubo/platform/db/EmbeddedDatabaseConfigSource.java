package dev.nubo.platform.db;

import dev.nubo.platform.config.ServerSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Supplies {@code nubo.db.url}, {@code nubo.db.user} and {@code nubo.db.password} for the embedded default when
 * nothing higher configures a database, starting the cluster the first time the datasource asks for its URL.
 *
 * <p>Its ordinal is below every standard source, and it also stands aside by itself when {@code NUBO_DB_URL} or
 * {@code -Dnubo.db.url} is set, so an explicit database is never shadowed.
 */
public class EmbeddedDatabaseConfigSource implements ConfigSource {
    static final String URL = "nubo.db.url";
    static final String USER = "nubo.db.user";
    static final String PASSWORD = "nubo.db.password";

    @Override
    public String getValue(String propertyName) {
        if (!URL.equals(propertyName) && !USER.equals(propertyName) && !PASSWORD.equals(propertyName)) {
            return null;
        }
        if (explicit(URL) != null) {
            return null;
        }
        return switch (propertyName) {
            case URL -> EmbeddedDatabase.jdbcUrl(dataDir());
            case USER -> EmbeddedDatabase.USER;
            // local trust authentication ignores it, but the datasource wants a value
            default -> "embedded";
        };
    }

    static Path dataDir() {
        String dir = explicit(ServerSettings.DATA_DIR);
        return ServerSettings.checkDataDir(dir == null ? ServerSettings.DEFAULT_DATA_DIR : dir);
    }

    /** The value from a system property or the environment, by MicroProfile Config's name mapping rules. */
    static String explicit(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            value = System.getenv(key.toUpperCase().replace('.', '_'));
        }
        return value == null || value.isBlank() ? null : value;
    }

    @Override
    public Set<String> getPropertyNames() {
        // deliberately empty: listing the names would make a config dump start the database
        return Set.of();
    }

    @Override
    public Map<String, String> getProperties() {
        return Map.of();
    }

    @Override
    public int getOrdinal() {
        return 10;
    }

    @Override
    public String getName() {
        return "nubo-embedded-postgresql";
    }
}
