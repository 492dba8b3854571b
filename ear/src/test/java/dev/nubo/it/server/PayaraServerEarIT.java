package dev.nubo.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * nubo.ear on a full Jakarta EE 10 server: Payara Server 6 in a fresh domain (own port base, everything on
 * 127.0.0.1), the embedded PostgreSQL default under a fresh data directory. Proves that the three WARs share one
 * application instance and one credential cache, and that undeploying stops the embedded database.
 *
 * <p>The tests share one deployment and run in order; {@link #tearDown()} undeploys and stops the domain in any case.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(60)
class PayaraServerEarIT {
    private static final String APP = "nubo";
    private static final String ADMIN = "admin";
    private static final String ADMIN_PASSWORD = "Payara-IT-" + Long.toHexString(System.nanoTime());
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    private final long t0 = System.nanoTime();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private PayaraServer server;
    private Path dataDir;
    private URI base;
    private boolean started;
    private boolean deployed;
    private boolean logTailPrinted;
    private final StringBuilder report = new StringBuilder();

    // shared between the ordered tests
    private String instanceId;
    private String accessToken;

    @RegisterExtension
    final TestWatcher printLogOnFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            printServerLogTail("test " + context.getDisplayName() + " failed");
        }
    };

    @BeforeAll
    @Timeout(480)
    void setUp() throws Exception {
        Path ear = existing("nubo.ear");
        Path zip = existing("payara.server.zip");
        Path work = Path.of(required("nubo.it.work")).toAbsolutePath();
        Path javaHome = Path.of(System.getProperty("java.home.for.servers", System.getProperty("java.home")));
        Files.createDirectories(work);
        dataDir = work.resolve("payara-nubo-data");
        // a run killed before its clean-up may have left its own domain JVM or PostgreSQL behind
        killLeftovers(work.resolve("payara-domains"), dataDir);
        PayaraServer.deleteTree(dataDir);
        Files.createDirectories(dataDir);
        try {
            long t = System.nanoTime();
            server = PayaraServer.install(zip, work, javaHome);
            note("unzip (or check) of Payara Server, clean domain dir", t);

            int portBase = server.choosePortBase();
            t = System.nanoTime();
            server.createDomain();
            server.confineToLoopback();
            note(
                    "create-domain (portbase " + portBase + ", admin " + server.adminPort() + ", http "
                            + server.httpPort() + ")",
                    t);
            base = URI.create("http://127.0.0.1:" + server.httpPort());

            Runtime.getRuntime().addShutdownHook(new Thread(this::emergencyStop, "payara-it-emergency-stop"));
            Map<String, String> env = Map.of(
                    "NUBO_DATA_DIR",
                    dataDir.toString(),
                    "NUBO_ADMIN_USER",
                    ADMIN,
                    "NUBO_ADMIN_PASSWORD",
                    ADMIN_PASSWORD);
            PayaraServer.Result start = server.startDomain(env);
            started = server.domainProcess().isPresent() || start.exitCode() == 0;
            start.expectSuccess();
            report.append(String.format(
                    "  %-60s %6d ms%n",
                    "start-domain (asadmin wall time)", start.took().toMillis()));
            serverLogMatch("startup time : (.*)]]")
                    .ifPresent(v -> report.append("    server.log: startup time " + v + "\n"));
            ProcessHandle domain =
                    server.domainProcess().orElseThrow(() -> new AssertionError("no domain JVM after start-domain"));
            assertThat(environmentOf(domain))
                    .as("environment of the domain JVM %d (start-domain must pass it on)", domain.pid())
                    .containsEntry("NUBO_DATA_DIR", dataDir.toString())
                    .containsEntry("NUBO_ADMIN_PASSWORD", ADMIN_PASSWORD)
                    .doesNotContainKey("NUBO_DB_URL");

            PayaraServer.Result deploy = server.deploy(ear, APP);
            deployed = deploy.exitCode() == 0;
            deploy.expectSuccess();
            report.append(String.format(
                    "  %-60s %6d ms%n",
                    "deploy nubo.ear (asadmin wall time)", deploy.took().toMillis()));
            serverLogMatch("(nubo was successfully deployed in [0-9,]+ milliseconds)")
                    .ifPresent(v -> report.append("    server.log: " + v + "\n"));
            report.append(
                    String.format("  %-60s %6d MB%n", "RSS of the domain JVM after deploy", rssKb(domain) / 1024));
            assertThat(postgresProcesses())
                    .as("embedded PostgreSQL under %s after deploy", dataDir)
                    .isNotEmpty();
        } catch (Throwable e) {
            printServerLogTail("set-up failed");
            throw e;
        }
    }

    @Test
    @Order(1)
    void healthReportsOkAndTheInstance() throws Exception {
        HttpResponse<String> r = send(get("/api/health"));

        assertThat(r.statusCode()).as("GET /api/health: %s", r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat(jsonString(r.body(), "status")).isEqualTo("ok");
        assertThat(jsonString(r.body(), "schemaVersion")).isEqualTo(latestMigration());
        String header = instanceHeader(r);
        assertThat(header).matches(UUID);
        assertThat(jsonString(r.body(), "instance")).isEqualTo(header);
        instanceId = header;
    }

    @Test
    @Order(2)
    void theFirstAdminFromTheEnvironmentCanSignIn() throws Exception {
        HttpResponse<String> r = send(post("/api/auth/login", json("username", ADMIN, "password", ADMIN_PASSWORD)));

        assertThat(r.statusCode()).as("POST /api/auth/login: %s", r.body()).isEqualTo(200);
        accessToken = jsonString(r.body(), "accessToken");
        assertThat(accessToken).isNotBlank();
        assertThat(instanceHeader(r)).isEqualTo(instanceId());
    }

    @Test
    @Order(3)
    void oneApplicationScopedInstanceServesAllThreeWars() throws Exception {
        for (String path : List.of("/dav/", "/nextcloud/x")) {
            HttpResponse<String> ok = send(options(path).header("Authorization", basic(ADMIN, ADMIN_PASSWORD)));
            assertThat(ok.statusCode())
                    .as("OPTIONS %s with Basic: %s", path, ok.body())
                    .isEqualTo(200);
            assertThat(instanceHeader(ok)).as("X-Nubo-Instance of %s", path).isEqualTo(instanceId());

            HttpResponse<String> anonymous = send(options(path));
            assertThat(anonymous.statusCode())
                    .as("OPTIONS %s without credentials", path)
                    .isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(v -> assertThat(v).startsWith("Basic "));
            assertThat(instanceHeader(anonymous)).isEqualTo(instanceId());
        }
        assertThat(instanceHeader(send(get("/api/health")))).isEqualTo(instanceId());
    }

    @Test
    @Order(4)
    void aRevokedAppPasswordIsRefusedAtOnceByEveryWar() throws Exception {
        HttpResponse<String> created = send(post("/api/auth/app-passwords", json("label", "payara-it"))
                .header("Authorization", "Bearer " + token()));
        assertThat(created.statusCode())
                .as("POST /api/auth/app-passwords: %s", created.body())
                .isEqualTo(201);
        String id = jsonString(created.body(), "id");
        String appPassword = jsonString(created.body(), "password");
        assertThat(id).matches(UUID);
        assertThat(appPassword).isNotBlank();

        // use it on both WARs first, so that any per-WAR credential cache would hold it
        for (int round = 0; round < 2; round++) {
            for (String path : List.of("/dav/", "/nextcloud/x")) {
                HttpResponse<String> r = send(options(path).header("Authorization", basic(ADMIN, appPassword)));
                assertThat(r.statusCode())
                        .as("OPTIONS %s with the app password: %s", path, r.body())
                        .isEqualTo(200);
            }
        }

        HttpResponse<String> revoked =
                send(request("/api/auth/app-passwords/" + id).DELETE().header("Authorization", "Bearer " + token()));
        assertThat(revoked.statusCode())
                .as("DELETE /api/auth/app-passwords/%s: %s", id, revoked.body())
                .isEqualTo(204);

        for (String path : List.of("/dav/", "/nextcloud/x")) {
            HttpResponse<String> r = send(options(path).header("Authorization", basic(ADMIN, appPassword)));
            assertThat(r.statusCode())
                    .as("OPTIONS %s with the revoked app password, right after revoking", path)
                    .isEqualTo(401);
            assertThat(r.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(v -> assertThat(v).startsWith("Basic "));
        }
    }

    @Test
    @Order(5)
    void filesUploadDownloadAndMultipartWorkInTheEar() throws Exception {
        String auth = basic(ADMIN, ADMIN_PASSWORD);
        HttpResponse<String> root = send(get("/api/files/root").header("Authorization", auth));
        assertThat(root.statusCode()).as("GET /api/files/root: %s", root.body()).isEqualTo(200);
        long rootId = number(root.body(), "id");

        byte[] data = new byte[300_000];
        new java.util.Random(5).nextBytes(data);
        HttpResponse<String> put = send(request("/api/files/" + rootId + "/children/ear%20test.bin")
                .header("Authorization", auth)
                .PUT(BodyPublishers.ofByteArray(data)));
        assertThat(put.statusCode()).as("PUT: %s", put.body()).isEqualTo(201);
        long id = number(put.body(), "id");

        HttpResponse<byte[]> range = http.send(
                get("/api/files/" + id + "/content")
                        .header("Authorization", auth)
                        .header("Range", "bytes=1000-1999")
                        .build(),
                BodyHandlers.ofByteArray());
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(range.body()).isEqualTo(java.util.Arrays.copyOfRange(data, 1000, 2000));

        String boundary = "ear-it-boundary";
        String form = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"form.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nfrom a form\r\n--" + boundary + "--\r\n";
        HttpResponse<String> multipart = send(request("/api/files/" + rootId + "/children")
                .header("Authorization", auth)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(BodyPublishers.ofString(form, StandardCharsets.UTF_8)));
        assertThat(multipart.statusCode()).as("multipart: %s", multipart.body()).isEqualTo(201);
        assertThat(multipart.body()).contains("\"name\":\"form.txt\"");

        HttpResponse<String> listing =
                send(get("/api/files/" + rootId + "/children").header("Authorization", auth));
        assertThat(listing.body()).contains("ear test.bin").contains("form.txt");
    }

    private static long number(String json, String field) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("\"" + field + "\":(\\d+)").matcher(json);
        assertThat(m.find()).as("%s in %s", field, json).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    @Order(6)
    void theWebAppIsServedAsByNuboJar() throws Exception {
        for (String page : java.util.List.of("/", "/files/12", "/login", "/s/abc")) {
            HttpResponse<String> r = send(get(page));
            assertThat(r.statusCode()).as("GET %s", page).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).as(page).hasValue("text/html; charset=utf-8");
            assertThat(r.headers().firstValue("Cache-Control")).as(page).hasValue("no-cache");
            assertThat(r.headers().firstValue("X-Frame-Options")).as(page).hasValue("DENY");
            assertThat(r.headers().firstValue("Content-Security-Policy"))
                    .as(page)
                    .hasValueSatisfying(v -> assertThat(v).contains("frame-ancestors 'none'"));
            assertThat(r.body()).as(page).contains("<div id=\"app\"></div>");
        }
        java.util.regex.Matcher script = java.util.regex.Pattern.compile("src=\"(/assets/[^\"]+\\.js)\"")
                .matcher(send(get("/")).body());
        assertThat(script.find()).isTrue();
        HttpResponse<byte[]> br = http.send(
                get(script.group(1)).header("Accept-Encoding", "gzip, br").build(), BodyHandlers.ofByteArray());
        assertThat(br.statusCode()).isEqualTo(200);
        assertThat(br.headers().firstValue("Content-Encoding")).hasValue("br");
        assertThat(br.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
        assertThat(br.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000, immutable");
        assertThat(br.headers().firstValue("Vary")).hasValue("Accept-Encoding");
        assertThat(send(get("/assets/no-such-file.js")).statusCode()).isEqualTo(404);
        HttpResponse<String> traversal = send(get("/assets/%2e%2e/WEB-INF/beans.xml"));
        assertThat(traversal.body()).doesNotContain("<beans");
        assertThat(send(get("/api/setup")).body()).isEqualTo("{\"setupPending\":false}");
    }

    @Test
    @Order(7)
    @Timeout(150)
    void undeployingStopsTheEmbeddedDatabase() throws Exception {
        Assumptions.assumeTrue(deployed, "nubo.ear is not deployed");
        PayaraServer.Result undeploy = server.undeploy(APP);
        deployed = undeploy.exitCode() != 0;
        undeploy.expectSuccess();
        report.append(
                String.format("  %-60s %6d ms%n", "undeploy", undeploy.took().toMillis()));
        assertThat(awaitNoPostgres(Duration.ofSeconds(30)))
                .as("PostgreSQL processes under %s after undeploy", dataDir)
                .isEmpty();
        assertThat(send(get("/api/health")).statusCode())
                .as("GET /api/health after undeploy")
                .isEqualTo(404);
    }

    @AfterAll
    @Timeout(300)
    void tearDown() throws Exception {
        List<String> problems = new java.util.ArrayList<>();
        try {
            if (server != null && deployed) {
                PayaraServer.Result r = server.undeploy(APP);
                deployed = r.exitCode() != 0;
                if (deployed) {
                    problems.add("undeploy failed: " + r.output());
                }
            }
        } catch (Throwable e) {
            problems.add("undeploy: " + e);
        }
        try {
            if (server != null && (started || server.domainProcess().isPresent())) {
                Optional<ProcessHandle> domain = server.domainProcess();
                PayaraServer.Result r = server.stopDomain();
                report.append(String.format(
                        "  %-60s %6d ms%n", "stop-domain", r.took().toMillis()));
                if (r.exitCode() != 0) {
                    problems.add("stop-domain failed: " + r.output());
                }
                if (domain.isPresent() && !domain.get().onExit().isDone()) {
                    try {
                        domain.get().onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (java.util.concurrent.TimeoutException e) {
                        domain.get().destroyForcibly();
                        problems.add("the domain JVM " + domain.get().pid()
                                + " was still running 30 s after stop-domain; killed");
                    }
                }
                started = false;
            }
        } catch (Throwable e) {
            problems.add("stop-domain: " + e);
        }
        if (dataDir != null) {
            List<ProcessHandle> left = awaitNoPostgres(Duration.ofSeconds(45));
            if (!left.isEmpty()) {
                problems.add(
                        "embedded PostgreSQL still running after the domain stopped: " + describe(left) + "; killed");
                left.forEach(ProcessHandle::destroy);
            }
        }
        report.append(String.format(
                "  %-60s %6d ms%n",
                "total wall time of the test class",
                Duration.ofNanos(System.nanoTime() - t0).toMillis()));
        System.out.println("PayaraServerEarIT timings:\n" + report);
        if (!problems.isEmpty()) {
            printServerLogTail("tear-down found problems");
            fail("tear-down: " + String.join("\n", problems));
        }
    }

    // ---- processes --------------------------------------------------------------------------------------------------

    /** Processes whose command line names the data dir of this test: the postmaster of the embedded cluster. */
    private List<ProcessHandle> postgresProcesses() {
        String pgData = dataDir.resolve("pgdata").toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains("postgres") && c.contains(pgData))
                        .orElse(false))
                .toList();
    }

    private List<ProcessHandle> awaitNoPostgres(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ProcessHandle> left = postgresProcesses();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            sleep(250);
            left = postgresProcesses();
        }
        return left;
    }

    /** Stops what a previous, killed run of this test left behind: only processes naming its own directories. */
    private static void killLeftovers(Path domainsDir, Path dataDir) {
        String domains = domainsDir.toString();
        String data = dataDir.toString();
        List<ProcessHandle> stale = ProcessHandle.allProcesses()
                .filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains(domains) || c.contains(data))
                        .orElse(false))
                .toList();
        if (!stale.isEmpty()) {
            System.out.println("PayaraServerEarIT: stopping processes left by an earlier run: " + describe(stale));
            stale.forEach(ProcessHandle::destroy);
            stale.forEach(p -> p.onExit()
                    .completeOnTimeout(p, 20, java.util.concurrent.TimeUnit.SECONDS)
                    .join());
            stale.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** When the test JVM is stopped from outside (failsafe timeout), do not leave our domain and database running. */
    private void emergencyStop() {
        if (server != null && started) {
            server.domainProcess().ifPresent(ProcessHandle::destroy);
            sleep(3000);
            server.domainProcess().ifPresent(ProcessHandle::destroyForcibly);
        }
        if (dataDir != null) {
            postgresProcesses().forEach(ProcessHandle::destroy);
        }
    }

    private static Map<String, String> environmentOf(ProcessHandle p) throws IOException {
        byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(p.pid()), "environ"));
        Map<String, String> env = new java.util.HashMap<>();
        for (String entry : new String(raw, StandardCharsets.UTF_8).split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return env;
    }

    private static long rssKb(ProcessHandle p) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(p.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return -1;
    }

    private static String describe(List<ProcessHandle> ps) {
        return ps.stream()
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?"))
                .toList()
                .toString();
    }

    // ---- HTTP -------------------------------------------------------------------------------------------------------

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT);
    }

    private HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    private HttpRequest.Builder options(String path) {
        return request(path).method("OPTIONS", BodyPublishers.noBody());
    }

    private HttpRequest.Builder post(String path, String json) {
        BodyPublisher body = BodyPublishers.ofString(json, StandardCharsets.UTF_8);
        return request(path).header("Content-Type", "application/json").POST(body);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static String instanceHeader(HttpResponse<?> r) {
        return r.headers()
                .firstValue("X-Nubo-Instance")
                .orElseThrow(() -> new AssertionError("no X-Nubo-Instance header on "
                        + r.request().method() + " " + r.uri() + " (status " + r.statusCode() + ")"));
    }

    private String instanceId() {
        Assumptions.assumeTrue(instanceId != null, "the health check did not pass");
        return instanceId;
    }

    private String token() {
        Assumptions.assumeTrue(accessToken != null, "the admin could not sign in");
        return accessToken;
    }

    /** A flat JSON object of string members (the values here need no escaping beyond quotes and backslashes). */
    private static String json(String... keyValues) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < keyValues.length; i += 2) {
            sb.append(i == 0 ? "" : ",").append(quote(keyValues[i])).append(':').append(quote(keyValues[i + 1]));
        }
        return sb.append('}').toString();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** The value of a top-level string member, or null. Enough for the flat answers checked here. */
    private static String jsonString(String body, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
                .matcher(body);
        return m.find() ? m.group(1).replace("\\\"", "\"").replace("\\\\", "\\") : null;
    }

    // ---- misc -------------------------------------------------------------------------------------------------------

    private void printServerLogTail(String why) {
        if (logTailPrinted || server == null) {
            return;
        }
        logTailPrinted = true;
        System.out.println("PayaraServerEarIT: " + why + "; last lines of " + server.serverLog() + ":\n"
                + server.serverLogTail(150));
    }

    /** The first group of the first server.log line matching {@code regex}. */
    private Optional<String> serverLogMatch(String regex) {
        Pattern pattern = Pattern.compile(regex);
        try (java.util.stream.Stream<String> lines = Files.lines(server.serverLog(), StandardCharsets.UTF_8)) {
            return lines.map(pattern::matcher)
                    .filter(Matcher::find)
                    .map(m -> m.group(1))
                    .findFirst();
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private void note(String what, long startNanos) {
        report.append(String.format(
                "  %-60s %6d ms%n",
                what, Duration.ofNanos(System.nanoTime() - startNanos).toMillis()));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(
                    "system property " + property + " is not set (failsafe sets it in ear/pom.xml)");
        }
        return value;
    }

    private static Path existing(String property) {
        Path p = Path.of(required(property)).toAbsolutePath();
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(
                    property + " = " + p + " does not exist; build it first (mvn install -DskipTests)");
        }
        return p;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The highest Flyway version shipped in the db jar (db/migration/V<n>__*.sql), which the EAR must have applied. */
    static String latestMigration() {
        try {
            java.net.URI location = PayaraServerEarIT.class
                    .getClassLoader()
                    .getResource("db/migration/V1__foundation.sql")
                    .toURI();
            try (java.nio.file.FileSystem jar = "jar".equals(location.getScheme())
                            ? java.nio.file.FileSystems.newFileSystem(location, Map.of())
                            : null;
                    java.util.stream.Stream<Path> files =
                            Files.list(Path.of(location).getParent())) {
                return String.valueOf(files.map(p -> p.getFileName().toString())
                        .map(Pattern.compile("V(\\d+)__.*\\.sql")::matcher)
                        .filter(Matcher::matches)
                        .mapToInt(m -> Integer.parseInt(m.group(1)))
                        .max()
                        .orElseThrow());
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException("cannot list the db jar's migrations", e);
        }
    }
}
