package dev.nubo.platform.db;

import dev.nubo.platform.config.StartupFailure;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The embedded default: a real PostgreSQL (binaries from Maven Central, unpacked once) with its cluster under
 * {@code NUBO_DATA_DIR/pgdata}, listening on 127.0.0.1 only, started on first use and stopped with the application.
 *
 * <p>Process-wide by nature (one cluster per data directory), hence static. A lock file keeps a second Nubo from
 * opening the same cluster; a postmaster left behind by a killed JVM is stopped before a new one starts.
 */
public final class EmbeddedDatabase {
    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class.getName());
    static final String DATABASE = "postgres";
    static final String USER = "postgres";

    private static EmbeddedPostgres running;
    private static FileLock dataDirLock;
    private static Thread fallbackHook;

    private EmbeddedDatabase() {}

    /** Starts the cluster if needed and returns its JDBC URL. */
    public static synchronized String jdbcUrl(Path dataDir) {
        if (running == null) {
            running = start(dataDir.toAbsolutePath().normalize());
        }
        return "jdbc:postgresql://127.0.0.1:" + running.getPort() + "/" + DATABASE;
    }

    public static synchronized boolean isRunning() {
        return running != null;
    }

    /** Stops the cluster (fast mode: open sessions are ended) if this JVM started one. */
    public static synchronized void stopQuietly() {
        if (running == null) {
            return;
        }
        try {
            running.close();
            LOG.info("nubo: embedded PostgreSQL stopped");
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "nubo: embedded PostgreSQL did not stop cleanly", e);
        } finally {
            running = null;
            releaseLock();
        }
    }

    private static EmbeddedPostgres start(Path dataDir) {
        Path pgData = dataDir.resolve("pgdata");
        try {
            Files.createDirectories(pgData);
            lockDataDir(dataDir);
            stopOrphan(pgData);
            long t0 = System.nanoTime();
            EmbeddedPostgres pg = EmbeddedPostgres.builder()
                    .setDataDirectory(pgData)
                    .setCleanDataDirectory(false)
                    .setOverrideWorkingDirectory(dataDir.resolve("pgsql").toFile())
                    .setRegisterShutdownHook(false)
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    // the library's defaults are for throwaway test databases (-F, i.e. fsync off, and
                    // asynchronous commit); a user's files need every acknowledged commit on disk
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("max_connections", "60")
                    .setServerConfig("shared_buffers", "64MB")
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(
                            dataDir.resolve("postgresql.log").toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(
                            dataDir.resolve("postgresql.log").toFile()))
                    .start();
            LOG.info(() -> String.format(
                    "nubo: embedded PostgreSQL on 127.0.0.1:%d (%s), started in %d ms",
                    pg.getPort(), pgData, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)));
            installFallbackHook();
            return pg;
        } catch (IOException | RuntimeException e) {
            releaseLock();
            throw StartupFailure.of(
                    "NUBO_DATA_DIR",
                    "the embedded PostgreSQL under " + pgData + " did not start (" + rootCause(e) + "); see "
                            + dataDir.resolve("postgresql.log") + ", or set NUBO_DB_URL to use another server");
        }
    }

    private static void lockDataDir(Path dataDir) throws IOException {
        @SuppressWarnings("resource") // held until stop
        RandomAccessFile file =
                new RandomAccessFile(dataDir.resolve("nubo.lock").toFile(), "rw");
        FileLock lock = file.getChannel().tryLock();
        if (lock == null) {
            file.close();
            throw StartupFailure.of("NUBO_DATA_DIR", dataDir + " is in use by another running Nubo");
        }
        dataDirLock = lock;
    }

    /** A postmaster whose JVM died (kill -9) still holds the cluster; we hold the data dir lock, so it is ours. */
    private static void stopOrphan(Path pgData) throws IOException {
        Path pidFile = pgData.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        Optional<ProcessHandle> orphan = Files.readAllLines(pidFile).stream()
                .findFirst()
                .map(String::trim)
                .flatMap(EmbeddedDatabase::process);
        if (orphan.isPresent() && orphan.get().info().command().orElse("").endsWith("postgres")) {
            LOG.warning(() -> "nubo: stopping PostgreSQL left running by an earlier process, pid "
                    + orphan.get().pid());
            orphan.get().destroy();
            try {
                orphan.get().onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException(
                        "PostgreSQL pid " + orphan.get().pid() + " left by an earlier run does not stop", e);
            }
        }
    }

    private static Optional<ProcessHandle> process(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The application's lifecycle stops the cluster; this hook only covers a JVM ending without undeploying. */
    private static void installFallbackHook() {
        if (fallbackHook == null) {
            fallbackHook = new Thread(EmbeddedDatabase::stopAfterGrace, "nubo-embedded-pg-stop");
            Runtime.getRuntime().addShutdownHook(fallbackHook);
        }
    }

    private static void stopAfterGrace() {
        // let the container drain requests and undeploy first; undeploy stops the cluster itself
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (isRunning() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stopQuietly();
    }

    private static void releaseLock() {
        if (dataDirLock != null) {
            try {
                dataDirLock.release();
                dataDirLock.channel().close();
            } catch (IOException ignored) {
                // the lock dies with the process anyway
            }
            dataDirLock = null;
        }
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
