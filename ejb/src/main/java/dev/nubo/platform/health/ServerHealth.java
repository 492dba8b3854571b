package dev.nubo.platform.health;

import dev.nubo.platform.config.ServerSettings;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.platform.db.SchemaMigrator;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The facts behind /api/health and MicroProfile Health: database reachable, schema migrated, data dir writable. */
@ApplicationScoped
public class ServerHealth {
    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    @Inject
    SchemaMigrator migrator;

    @Inject
    ServerSettings settings;

    /** {@code draining}: the server got its stop signal and is finishing requests in flight. */
    public record Status(boolean database, String schemaVersion, boolean dataDirWritable, boolean draining) {
        public boolean up() {
            return database && schemaVersion != null && dataDirWritable && !draining;
        }
    }

    public Status check() {
        return new Status(
                databaseReachable(), migrator.schemaVersion(), dataDirWritable(), Boolean.getBoolean("nubo.draining"));
    }

    boolean databaseReachable() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    boolean dataDirWritable() {
        try {
            Path probe = Files.createTempFile(settings.dataDir(), ".health", ".tmp");
            Files.delete(probe);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
