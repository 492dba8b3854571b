package dev.nubo.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.ClientInfo;
import dev.nubo.auth.api.SessionKind;
import dev.nubo.auth.infra.Argon2Parameters;
import dev.nubo.auth.infra.Argon2idHasher;
import dev.nubo.auth.infra.AuthStore;
import dev.nubo.auth.infra.Secrets;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.cache.Caches;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.platform.web.InstanceIdentity;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserChanges;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import javax.cache.Cache;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What only the container can prove: the Flyway run at deployment, transactions spanning CDI observers, JTA
 * after-commit invalidation, SQL atomicity under concurrent requests, and one instance of each application-scoped
 * bean serving REST, DAV and Nextcloud. One deployment (the real combined WAR plus these classes) for all methods.
 */
@ExtendWith(ArquillianExtension.class)
class FoundationArqIT {
    static final String ADMIN_PASSWORD = "arquillian-admin";

    @Deployment
    static WebArchive deployment() {
        return ShrinkWrap.create(ZipImporter.class, "nubo.war")
                .importFrom(new File(System.getProperty("nubo.war", "target/nubo-micro.war")))
                .as(WebArchive.class)
                .addClasses(FoundationArqIT.class, FailingProvisioner.class)
                .addAsLibraries(jarOf(org.assertj.core.api.Assertions.class));
    }

    private static File jarOf(Class<?> type) {
        try {
            return new File(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ArquillianResource
    URL deploymentUrl;

    @Inject
    UserService users;

    @Inject
    AuthService auth;

    @Inject
    AuthStore store;

    @Inject
    InstanceIdentity instance;

    @Inject
    Caches caches;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    /** Container-managed threads, so each racer has the same JTA and CDI environment as a request thread. */
    @Resource
    ManagedExecutorService executor;

    @Test
    void migrations_ranAtDeployment_withThePostgresExtensionsTheSchemaUses() throws Exception {
        assertThat(query("SELECT extname FROM pg_extension")).contains("ltree", "pg_trgm");
        assertThat(query("SELECT version || ':' || success FROM flyway_schema_history WHERE version IS NOT NULL"))
                .contains("1:true");
    }

    @Test
    void userCreation_isAllOrNothing_whenProvisioningInTheSameTransactionFails() throws Exception {
        String name = "fail-" + UUID.randomUUID().toString().substring(0, 8);
        assertThatThrownBy(() -> users.create(new NewUser(name, "password-123", null, null, Role.USER, null)))
                .hasStackTraceContaining("provisioning failed for " + name);
        assertThat(query("SELECT count(*) FROM users WHERE username = '" + name + "'"))
                .containsExactly("0");
        // the name is still free
        assertThat(users.credentialsByUsername(name)).isEmpty();
    }

    @Test
    void everyUser_getsARootFolder_inTheSameTransaction_andLosesTheTreeWithTheAccount() throws Exception {
        UserView user = newUser();
        String id = user.id().toString();
        assertThat(query("SELECT kind || ':' || name || ':' || (path = text2ltree(id::text)) FROM nodes"
                        + " WHERE parent_id IS NULL AND owner_id = '" + id + "'"))
                .containsExactly("d::true");

        users.delete(user.id());
        assertThat(query("SELECT count(*) FROM nodes WHERE owner_id = '" + id + "'"))
                .containsExactly("0");
    }

    @Test
    void theTreeSchema_refusesBadNamesAndDuplicates_evenIfTheApplicationDidNot() throws Exception {
        UserView user = newUser();
        String root = query("SELECT id FROM nodes WHERE parent_id IS NULL AND owner_id = '" + user.id() + "'")
                .get(0);
        String insert = "INSERT INTO nodes (id, owner_id, parent_id, path, kind, name, etag)"
                + " SELECT n.id, '" + user.id() + "', " + root + ", text2ltree('" + root + ".' || n.id),"
                + " 'd', %s, 'e' FROM (SELECT nextval('nodes_id_seq') AS id) n";
        assertThat(update(String.format(insert, "'Documents'"))).isEqualTo(1);
        for (String bad : List.of("'Documents'", "'..'", "'.'", "'a/b'", "''", "repeat('x', 256)")) {
            assertThatThrownBy(() -> update(String.format(insert, bad)))
                    .as(bad)
                    .isInstanceOf(java.sql.SQLException.class);
        }
    }

    @Test
    void concurrentCreatesOfOneName_oneWins_theOtherGetsAConflictNotAnError() throws Exception {
        String name = "dup-" + UUID.randomUUID().toString().substring(0, 8);
        List<Object> outcomes = race(
                2,
                i -> users.create(
                        new NewUser(i == 0 ? name : name.toUpperCase(), "password-123", null, null, Role.USER, null)));
        assertThat(outcomes).filteredOn(o -> o instanceof UserView).hasSize(1);
        assertThat(outcomes)
                .filteredOn(o -> o instanceof NuboException n && "username_taken".equals(n.code()))
                .hasSize(1);
    }

    @Test
    void concurrentRefreshesOfOneToken_exactlyOneRotates_andTheOtherRevokesTheFamily() throws Exception {
        UserView user = newUser();
        String token = Secrets.randomToken();
        UUID session = store.createSession(
                user.id(),
                SessionKind.TOKEN,
                new ClientInfo("127.0.0.1", "arq"),
                Duration.ofHours(1),
                Secrets.sha256(token));
        List<Object> outcomes = race(
                2,
                i -> store.rotate(Secrets.sha256(token), Secrets.sha256(Secrets.randomToken()), Duration.ofHours(1))
                        .outcome());
        assertThat(outcomes).containsExactlyInAnyOrder(AuthStore.Outcome.ROTATED, AuthStore.Outcome.REUSED);
        assertThat(store.activeSession(session)).isEmpty();
    }

    @Test
    void disablingAUser_dropsTheirCachedBasicCredentials_onceTheChangeCommitted() {
        UserView user = newUser();
        ClientInfo client = new ClientInfo("127.0.0.1", "arq");
        AuthenticatedUser first = auth.authenticateBasic(user.username(), "password-123", client);
        assertThat(auth.authenticateBasic(user.username(), "password-123", client))
                .isEqualTo(first);

        users.update(user.id(), UserChanges.none().withEnabled(false));

        assertThatThrownBy(() -> auth.authenticateBasic(user.username(), "password-123", client))
                .isInstanceOfSatisfying(
                        NuboException.class, e -> assertThat(e.code()).isEqualTo("invalid_credentials"));
    }

    @Test
    void signingIn_upgradesAHashMadeWithOlderArgon2Parameters() {
        UserView user = newUser();
        String old = new Argon2idHasher(new Argon2Parameters(1024, 1, 1)).hash("password-123");
        users.replacePasswordHash(user.id(), old, false);

        auth.login(user.username(), "password-123", SessionKind.TOKEN, new ClientInfo("127.0.0.1", "arq"));

        String upgraded = users.credentials(user.id()).orElseThrow().passwordHash();
        assertThat(upgraded).isNotEqualTo(old).contains("m=4096,");
        assertThat(new Argon2idHasher(new Argon2Parameters(4096, 2, 1)).verify("password-123", upgraded))
                .isTrue();
    }

    @Test
    void oneInstanceOfEachApplicationScopedBean_servesRestDavAndNextcloud() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String basic = "Basic "
                + Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
        Cache<String, AuthenticatedUser> basicCache =
                caches.cache("auth-basic", String.class, AuthenticatedUser.class, 50_000, Duration.ofMinutes(10));
        basicCache.clear();

        for (String path : List.of("api/health", "dav/files/admin/", "nextcloud/remote.php/dav/")) {
            HttpRequest.Builder request = HttpRequest.newBuilder(local(path)).timeout(Duration.ofSeconds(30));
            if (!path.startsWith("api")) {
                request.method("OPTIONS", HttpRequest.BodyPublishers.noBody()).header("Authorization", basic);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(path).isEqualTo(200);
            assertThat(response.headers().firstValue(InstanceIdentity.HEADER))
                    .as(path)
                    .hasValue(instance.id());
        }
        // the DAV and Nextcloud servlets filled the very cache this test sees
        assertThat(basicCache.iterator().hasNext()).isTrue();
    }

    private UserView newUser() {
        return users.create(new NewUser(
                "arq-" + UUID.randomUUID().toString().substring(0, 8), "password-123", null, null, Role.USER, null));
    }

    /** The deployment's URL with its host replaced by 127.0.0.1: tests talk to loopback only. */
    private URI local(String path) throws Exception {
        URI u = deploymentUrl.toURI();
        return new URI("http", null, "127.0.0.1", u.getPort(), "/" + path, null, null);
    }

    private List<String> query(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    private int update(String sql) throws Exception {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            return s.executeUpdate(sql);
        }
    }

    interface Task {
        Object run(int index) throws Exception;
    }

    /** Runs the tasks at the same moment on separate threads; returns each result or the exception it threw. */
    private List<Object> race(int n, Task task) throws Exception {
        {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Object>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<Object> c = () -> {
                    start.await();
                    try {
                        return task.run(index);
                    } catch (Exception e) {
                        return e;
                    }
                };
                futures.add(executor.submit(c));
            }
            start.countDown();
            List<Object> results = new ArrayList<>();
            for (Future<Object> f : futures) {
                results.add(f.get());
            }
            return results;
        }
    }
}
