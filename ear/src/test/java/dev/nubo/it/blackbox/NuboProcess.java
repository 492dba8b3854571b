package dev.nubo.it.blackbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * One {@code java -jar nubo.jar} process, configured only through environment variables, with its stdout and
 * stderr in files next to its data directory. Stop it with {@link #stop()} (SIGTERM, so the embedded PostgreSQL
 * stops too).
 */
final class NuboProcess implements AutoCloseable {
    static final String ADMIN_USER = "admin";
    static final String ADMIN_PASSWORD = "admin-Secret-1";
    static final Duration STARTUP = Duration.ofSeconds(150);
    static final Duration STOP = Duration.ofSeconds(60);
    /**
     * Test-only JVM option: the quick (C1) compiler alone. It changes no behaviour but cuts the CPU a start-up costs
     * by about 40%, which matters with several servers per run on two cores.
     */
    static final String JIT = "-XX:TieredStopAtLevel=1";

    /** Every process started in this JVM, so failure reports can point at their logs. */
    static final List<NuboProcess> STARTED = new CopyOnWriteArrayList<>();

    private static Path jarCopy;

    final String name;
    final Path home;
    final Path dataDir;
    final Path stdout;
    final Path stderr;
    final int port;
    final Map<String, String> env;
    private final Process process;

    private NuboProcess(
            String name, Path home, Path dataDir, int port, Map<String, String> env, List<String> jvmOptions)
            throws IOException {
        this.name = name;
        this.home = home;
        this.dataDir = dataDir;
        this.port = port;
        this.env = env;
        this.stdout = home.resolve("stdout-" + System.nanoTime() + ".log");
        this.stderr = home.resolve(stdout.getFileName().toString().replace("stdout-", "stderr-"));
        Path java =
                Path.of(System.getProperty("java.home.for.servers", System.getProperty("java.home")), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), JIT));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar().toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("NUBO_"));
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        this.process = pb.start();
        STARTED.add(this);
    }

    /** A fresh per-server directory under {@code nubo.it.work}; the data directory defaults to its "data". */
    static Path newHome(String name) {
        try {
            Path base = Files.createDirectories(work().resolve("blackbox"));
            return Files.createTempDirectory(base, name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a server with a fresh home and data directory; {@code env} overrides the defaults (null removes). */
    static NuboProcess start(String name, Map<String, String> env) {
        Path home = newHome(name);
        return start(name, home, home.resolve("data"), env);
    }

    /** Starts a server with the given home and data directory; NUBO_PORT is a free port unless {@code env} sets it. */
    static NuboProcess start(String name, Path home, Path dataDir, Map<String, String> env) {
        return start(name, home, dataDir, env, List.of());
    }

    /** Like {@link #start(String, Path, Path, Map)}, with extra JVM options before {@code -jar} (e.g. -Xmx256m). */
    static NuboProcess start(String name, Path home, Path dataDir, Map<String, String> env, List<String> jvmOptions) {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("NUBO_PORT", String.valueOf(freePort()));
        all.put("NUBO_DATA_DIR", dataDir.toString());
        all.put("NUBO_ADMIN_USER", ADMIN_USER);
        all.put("NUBO_ADMIN_PASSWORD", ADMIN_PASSWORD);
        all.putAll(env);
        int port;
        try {
            port = Integer.parseInt(all.get("NUBO_PORT"));
        } catch (NumberFormatException e) {
            port = -1; // a deliberately bad setting
        }
        try {
            return new NuboProcess(name, home, dataDir, port, all, List.copyOf(jvmOptions));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a server and waits until GET /api/health answers 200. */
    static NuboProcess startHealthy(String name, Map<String, String> env) {
        return startHealthy(name, env, List.of());
    }

    /** Starts a server with extra JVM options and waits until it is healthy. */
    static NuboProcess startHealthy(String name, Map<String, String> env, List<String> jvmOptions) {
        Path home = newHome(name);
        NuboProcess p = start(name, home, home.resolve("data"), env, jvmOptions);
        try {
            p.awaitHealthy();
            return p;
        } catch (RuntimeException | Error e) {
            p.stop();
            throw e;
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    Api api() {
        return new Api(base());
    }

    /** Polls GET /api/health until 200; fails early, with the log paths, if the process ends. */
    void awaitHealthy() {
        HttpClient client = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        long deadline = System.nanoTime() + STARTUP.toNanos();
        HttpRequest health = HttpRequest.newBuilder(base().resolve("/api/health"))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("server '" + name + "' exited with " + process.exitValue()
                        + " before it was healthy; " + logHint());
            }
            try {
                if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            sleep(Duration.ofMillis(250));
        }
        throw new AssertionError("server '" + name + "' not healthy after " + STARTUP + "; " + logHint());
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Sends SIGTERM without waiting. */
    void terminate() {
        process.destroy();
    }

    /** Waits for the process to end by itself; the exit code, or null if it is still running after {@code max}. */
    Integer awaitExit(Duration max) {
        try {
            return process.waitFor(max.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * SIGTERM, then up to 60 s for the process (and with it the embedded PostgreSQL) to end; SIGKILL only as the
     * last resort. Returns the exit code, or null if it had to be killed.
     */
    Integer stop() {
        if (!process.isAlive()) {
            return process.exitValue();
        }
        process.destroy();
        Integer code = awaitExit(STOP);
        if (code == null) {
            System.err.println(
                    "[nubo-it] server '" + name + "' ignored SIGTERM for " + STOP + "; killing it. " + logHint());
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            awaitExit(Duration.ofSeconds(10));
        }
        return code;
    }

    /**
     * SIGKILL to the server JVM alone, as a crash would: nothing of it runs any more (no shutdown hook, no undeploy),
     * and the embedded PostgreSQL it started is left running, orphaned, for the next start to deal with. Waits up to
     * 10 s for the process to be gone; true if it is.
     */
    boolean kill9() {
        // with NUBO_HEAP set, the launcher's JVM runs the server in a child JVM: that one is the server
        serverJvm().filter(h -> h.pid() != process.pid()).ifPresent(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return awaitExit(Duration.ofSeconds(10)) != null;
    }

    /**
     * Stops an embedded PostgreSQL still running on this data directory (after {@link #kill9()} with no restart, or
     * a failed test): SIGTERM, up to 30 s, then SIGKILL. Returns how many postmasters there were.
     */
    int stopLeftoverPostgres() {
        List<ProcessHandle> left = leftoverPostgres();
        for (ProcessHandle pg : left) {
            pg.destroy();
        }
        for (ProcessHandle pg : left) {
            try {
                pg.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                pg.descendants().forEach(ProcessHandle::destroyForcibly);
                pg.destroyForcibly();
            }
        }
        return left.size();
    }

    @Override
    public void close() {
        stop();
    }

    /** The JVM started with {@code java -jar nubo.jar}. */
    long launcherPid() {
        return process.pid();
    }

    /** The JVM that runs the server: the launched one, or the server JVM it started (NUBO_HEAP). */
    long pid() {
        return serverJvm().map(ProcessHandle::pid).orElse(process.pid());
    }

    private java.util.Optional<ProcessHandle> serverJvm() {
        return process.children()
                .filter(h -> h.info().command().orElse("").endsWith("/java"))
                .findFirst()
                .or(() -> java.util.Optional.of(process.toHandle()));
    }

    String stdoutText() {
        return read(stdout);
    }

    String stderrText() {
        return read(stderr);
    }

    /** Both streams; for checks that must hold whichever stream a line went to. */
    String output() {
        return stdoutText() + stderrText();
    }

    String logHint() {
        return "server log: " + stdout + " and " + stderr;
    }

    /** What a timed-out request found: the report's text and whether the server held any TCP connection then. */
    record Snapshot(String report, boolean serverHoldsNoConnection) {}

    /**
     * For a request that timed out: the server's threads (jcmd Thread.print) and the TCP connections to its port
     * with their queues (ss), written next to its log, so the report tells a request stuck in the server from one
     * that never reached it (unread bytes in a server socket's Recv-Q) or one lost by the client (no connection).
     */
    static Snapshot snapshot(URI base) {
        for (NuboProcess p : STARTED) {
            if (p.port == base.getPort() && p.process.isAlive()) {
                Path out = p.home.resolve("timeout-" + System.currentTimeMillis() + ".txt");
                try {
                    String sockets = run(new ProcessBuilder("ss", "-tnoi", "( sport = :" + p.port + " )"));
                    String threads = run(new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "jcmd")
                                    .toString(),
                            Long.toString(p.pid()),
                            "Thread.print"));
                    Files.writeString(out, sockets + "\n" + threads);
                    boolean none = sockets.lines()
                            .noneMatch(l -> l.contains(":" + p.port + " ") && !l.startsWith("TIME-WAIT"));
                    return new Snapshot("sockets and server threads at the timeout: " + out + "; " + p.logHint(), none);
                } catch (IOException | RuntimeException e) {
                    return new Snapshot("no snapshot (" + e + "); " + p.logHint(), false);
                }
            }
        }
        return new Snapshot("no server of this run listens on " + base.getPort(), false);
    }

    private static String run(ProcessBuilder command) throws IOException {
        Process p = command.redirectErrorStream(true).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            p.waitFor(20, TimeUnit.SECONDS);
            return "$ " + String.join(" ", command.command()) + "\n" + new String(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            p.destroyForcibly();
        }
    }

    /** The processes of an embedded PostgreSQL still running on this server's data directory. */
    List<ProcessHandle> leftoverPostgres() {
        List<ProcessHandle> found = new ArrayList<>();
        String marker = dataDir.toString();
        ProcessHandle.allProcesses()
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains("postgres") && c.contains(marker))
                        .orElse(false))
                .forEach(found::add);
        return found;
    }

    static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            // a stray malformed byte must not hide the rest
            try {
                return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
            } catch (IOException again) {
                throw new UncheckedIOException(again);
            }
        }
    }

    private static Path work() {
        String work = System.getProperty("nubo.it.work");
        return work != null ? Path.of(work) : Path.of("target", "it").toAbsolutePath();
    }

    /**
     * A private copy of the built nubo.jar, taken once per test JVM, so that a rebuild running elsewhere while the
     * suite runs cannot change or truncate the jar under a running server.
     */
    static synchronized Path jar() throws IOException {
        if (jarCopy != null) {
            return jarCopy;
        }
        Path built = Path.of(System.getProperty("nubo.jar", "target/nubo.jar"));
        if (!Files.isRegularFile(built)) {
            throw new IllegalStateException(
                    "nubo.jar not found at " + built + "; build it first (mvn install -DskipTests)");
        }
        Path copy = Files.createDirectories(work().resolve("blackbox")).resolve("nubo-under-test.jar");
        for (int attempt = 1; ; attempt++) {
            Files.copy(built, copy, StandardCopyOption.REPLACE_EXISTING);
            try (ZipFile zip = new ZipFile(copy.toFile())) {
                if (zip.getEntry("META-INF/MANIFEST.MF") != null) {
                    break;
                }
            } catch (IOException e) {
                // checked below
            }
            if (attempt == 3) {
                throw new IOException("nubo.jar at " + built + " is not a readable jar (being rebuilt?)");
            }
            sleep(Duration.ofSeconds(5));
        }
        jarCopy = copy;
        return copy;
    }
}
