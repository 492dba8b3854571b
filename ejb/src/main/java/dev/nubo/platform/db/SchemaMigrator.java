package dev.nubo.platform.db;

import dev.nubo.platform.config.StartupFailure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies the Flyway migrations of the db module during deployment, so no request is served against an old schema.
 * Beans that need the schema declare {@code @DependsOn("SchemaMigrator")}.
 */
@Startup
@Singleton
@DependsOn({"SettingsCheck", "DatabaseLifecycle"})
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrator {
    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    private volatile String appliedVersion;

    @PostConstruct
    void migrate() {
        checkReachable();
        try {
            MigrateResult result = Flyway.configure(getClass().getClassLoader())
                    .dataSource(dataSource)
                    .locations("classpath:db/migration")
                    .failOnMissingLocations(true)
                    .load()
                    .migrate();
            appliedVersion =
                    result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
            LOG.info(() -> "nubo: schema at version " + appliedVersion + " (" + result.migrationsExecuted
                    + " migrations applied)");
        } catch (FlywayException e) {
            throw StartupFailure.of(
                    "NUBO_DB_URL",
                    "database migration failed: "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** The schema version in effect, e.g. "1". */
    public String schemaVersion() {
        return appliedVersion;
    }

    private void checkReachable() {
        try (Connection c = dataSource.getConnection()) {
            c.isValid(5);
        } catch (SQLException | RuntimeException e) {
            String url = ConfigProvider.getConfig()
                    .getOptionalValue("nubo.db.url", String.class)
                    .orElse("(unset)");
            throw StartupFailure.of("NUBO_DB_URL", "cannot connect to " + url + " (" + firstLine(e) + ")");
        }
    }

    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && t.getMessage() == null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
