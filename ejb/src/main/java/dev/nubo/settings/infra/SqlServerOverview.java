package dev.nubo.settings.infra;

import dev.nubo.platform.config.ServerSettings;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.settings.api.ServerFacts;
import dev.nubo.settings.api.ServerOverview;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.net.URI;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/** The facts: the JVM's own, the configured addresses, the database's metadata, and the counts in one query. */
@ApplicationScoped
public class SqlServerOverview implements ServerOverview {
    static final String COUNTS = "SELECT (SELECT count(*) FROM users WHERE kind = 'person'),"
            + " (SELECT coalesce(sum(size), 0) FROM blobs),"
            + " count(*) FILTER (WHERE kind = 'f'),"
            + " count(*) FILTER (WHERE kind = 'd' AND parent_id IS NOT NULL),"
            + " count(*) FILTER (WHERE trashed_at IS NOT NULL)"
            + " FROM nodes";

    @PersistenceContext(unitName = "nubo")
    EntityManager em;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    @Inject
    ServerSettings settings;

    @Override
    public ServerFacts facts() {
        Object[] counts = (Object[]) em.createNativeQuery(COUNTS).getSingleResult();
        RuntimeMXBean jvm = ManagementFactory.getRuntimeMXBean();
        String[] database = database();
        return new ServerFacts(
                settings.baseUrl().map(URI::toString).orElse(null),
                settings.dataDir().toString(),
                database[0],
                database[1],
                Runtime.version().toString(),
                System.getProperty("java.vm.name") + " (" + System.getProperty("java.vendor") + ")",
                Instant.ofEpochMilli(jvm.getStartTime()),
                jvm.getUptime() / 1000,
                number(counts[0]),
                number(counts[1]),
                number(counts[2]),
                number(counts[3]),
                number(counts[4]));
    }

    /**
     * The configured JDBC URL (NUBO_DB_URL, or the embedded database's) without credentials, and the server's product
     * and version. Not the driver's URL: that lists every driver default.
     */
    private String[] database() {
        String url = withoutSecrets(ConfigProvider.getConfig(SqlServerOverview.class.getClassLoader())
                .getOptionalValue("nubo.db.url", String.class)
                .orElse(null));
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            return new String[] {url, meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion()};
        } catch (SQLException e) {
            return new String[] {url, "unreachable"};
        }
    }

    /** Drops user info and every query parameter that could carry a credential ({@code password}, {@code ssl*}). */
    static String withoutSecrets(String jdbcUrl) {
        if (jdbcUrl == null) {
            return "unknown";
        }
        String url = jdbcUrl.replaceFirst("//[^/@?]*@", "//");
        int query = url.indexOf('?');
        if (query < 0) {
            return url;
        }
        StringBuilder kept = new StringBuilder();
        for (String param : url.substring(query + 1).split("&")) {
            String name = param.split("=", 2)[0].toLowerCase(java.util.Locale.ROOT);
            if (!name.contains("password")
                    && !name.startsWith("ssl")
                    && !name.contains("secret")
                    && !name.contains("token")
                    && !name.equals("user")) {
                kept.append(kept.isEmpty() ? "?" : "&").append(param);
            }
        }
        return url.substring(0, query) + kept;
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }
}
