package dev.nubo.platform.db;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;

/**
 * The application's datasource. Its coordinates come from MicroProfile Config: {@code NUBO_DB_URL},
 * {@code NUBO_DB_USER}, {@code NUBO_DB_PASSWORD}, or the embedded default ({@link EmbeddedDatabaseConfigSource}).
 */
@DataSourceDefinition(
        name = DatabaseResources.JNDI_NAME,
        className = "org.postgresql.ds.PGSimpleDataSource",
        url = "${MPCONFIG=nubo.db.url}",
        user = "${MPCONFIG=nubo.db.user}",
        password = "${MPCONFIG=nubo.db.password}",
        minPoolSize = 2,
        maxPoolSize = 32,
        maxIdleTime = 300,
        properties = {
            "fish.payara.log-jdbc-calls=false",
            "fish.payara.connection-validation-method=custom-validation",
            "fish.payara.validation-classname=org.glassfish.api.jdbc.validation.PostgresConnectionValidation",
            "fish.payara.is-connection-validation-required=true",
            // a connection is checked when it was last used more than 10 s ago, not on every acquisition (a round
            // trip per statement outside a transaction)
            "fish.payara.validate-atmost-once-period-in-seconds=10",
            "fish.payara.fail-all-connections=true",
            "ApplicationName=nubo",
            "connectTimeout=10"
        })
@Singleton
public class DatabaseResources {
    public static final String JNDI_NAME = "java:app/jdbc/nubo";
}
