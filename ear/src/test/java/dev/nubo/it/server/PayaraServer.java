package dev.nubo.it.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A Payara Server installation and one domain of it, driven through {@code asadmin} ({@code appserver-cli.jar} run
 * with the given JDK, so no script needs its executable bit). Every command has a bounded timeout; everything
 * listens on and is reached through 127.0.0.1.
 */
final class PayaraServer {
    /** Port offsets from --portbase that create-domain assigns (admin 48, http 80, https 81, ...). */
    private static final int[] PORT_OFFSETS = {9, 37, 38, 39, 48, 49, 59, 66, 76, 80, 81, 86};

    private static final String DOMAIN = "nubo-it";

    private final Path install;
    private final Path javaHome;
    private final Path domainsDir;
    private final Path commandLogs;
    private int portBase = -1;
    private int commandCount;

    private PayaraServer(Path install, Path javaHome, Path domainsDir, Path commandLogs) {
        this.install = install;
        this.javaHome = javaHome;
        this.domainsDir = domainsDir;
        this.commandLogs = commandLogs;
    }

    /**
     * Unzips the distribution under {@code work/payara-server} unless an intact copy of this very zip is there already,
     * and prepares an empty directory for a fresh domain.
     */
    static PayaraServer install(Path zip, Path work, Path javaHome) throws IOException {
        Path root = work.resolve("payara-server");
        Path install = unzipOnce(zip, root);
        Path domainsDir = work.resolve("payara-domains");
        Path commandLogs = work.resolve("asadmin-logs");
        deleteTree(domainsDir);
        deleteTree(commandLogs);
        Files.createDirectories(domainsDir);
        Files.createDirectories(commandLogs);
        return new PayaraServer(install, javaHome, domainsDir, commandLogs);
    }

    Path domainDir() {
        return domainsDir.resolve(DOMAIN);
    }

    Path serverLog() {
        return domainDir().resolve("logs/server.log");
    }

    int adminPort() {
        return portBase + 48;
    }

    int httpPort() {
        return portBase + 80;
    }

    /** A port base whose ports are all free on the loopback and the wildcard address; never the 4848/8080 defaults. */
    int choosePortBase() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = 20_000 + 100 * random.nextInt(400); // 20000 .. 59900
            if (allFree(base)) {
                portBase = base;
                return base;
            }
        }
        throw new IllegalStateException("no free port base found after 50 attempts");
    }

    private static boolean allFree(int base) {
        for (int offset : PORT_OFFSETS) {
            if (!free(base + offset)) {
                return false;
            }
        }
        return true;
    }

    private static boolean free(int port) {
        for (InetAddress address : new InetAddress[] {InetAddress.getLoopbackAddress(), null}) {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(false);
                s.bind(address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port));
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    void createDomain() {
        asadmin(
                        Duration.ofSeconds(150),
                        Map.of(),
                        "create-domain",
                        "--nopassword=true",
                        "--portbase",
                        String.valueOf(portBase),
                        "--domaindir",
                        domainsDir.toString(),
                        DOMAIN)
                .expectSuccess();
    }

    /**
     * Binds every listener of the fresh domain to 127.0.0.1 (HTTP, admin, IIOP, JMX, the Hazelcast data grid) and
     * switches off phone-home, by editing domain.xml before the first start.
     */
    void confineToLoopback() throws IOException {
        Path domainXml = domainDir().resolve("config/domain.xml");
        String xml = Files.readString(domainXml);
        String edited = xml.replace("address=\"0.0.0.0\"", "address=\"127.0.0.1\"")
                .replaceAll("<network-listener (?![^>]*\\baddress=)", "<network-listener address=\"127.0.0.1\" ")
                .replaceFirst(
                        "<hazelcast-runtime-configuration ",
                        "<hazelcast-runtime-configuration interface=\"127.0.0.1\" das-bind-address=\"127.0.0.1\""
                                + " das-public-address=\"127.0.0.1\" ")
                .replaceAll(
                        "<phone-home-runtime-configuration (?![^>]*\\benabled=)",
                        "<phone-home-runtime-configuration enabled=\"false\" ");
        if (!edited.contains("das-bind-address=\"127.0.0.1\"")) {
            throw new IllegalStateException("domain.xml has no hazelcast-runtime-configuration to bind to 127.0.0.1");
        }
        Files.writeString(domainXml, edited);
    }

    Result startDomain(Map<String, String> env) {
        return asadmin(Duration.ofSeconds(150), env, "start-domain", "--domaindir", domainsDir.toString(), DOMAIN);
    }

    Result stopDomain() {
        return asadmin(Duration.ofSeconds(90), Map.of(), "stop-domain", "--domaindir", domainsDir.toString(), DOMAIN);
    }

    Result deploy(Path archive, String name) {
        return remote(Duration.ofSeconds(240), "deploy", "--name", name, archive.toString());
    }

    Result undeploy(String name) {
        return remote(Duration.ofSeconds(90), "undeploy", name);
    }

    private Result remote(Duration timeout, String... command) {
        List<String> args = new ArrayList<>(List.of("--host", "127.0.0.1", "--port", String.valueOf(adminPort())));
        args.addAll(List.of(command));
        return asadmin(timeout, Map.of(), args.toArray(String[]::new));
    }

    /** The domain JVM, found by the pid file it writes (and only while that process still runs). */
    Optional<ProcessHandle> domainProcess() {
        Path pidFile = domainDir().resolve("config/pid");
        try {
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            return ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim()))
                    .filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Runs {@code asadmin} with the given extra environment; output goes to a file (the domain JVM that start-domain
     * spawns must not hold a pipe of ours). A command over its timeout is killed with its descendants.
     */
    Result asadmin(Duration timeout, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaHome.resolve("bin/java").toString());
        cmd.add("-jar");
        cmd.add(install.resolve("glassfish/lib/client/appserver-cli.jar").toString());
        cmd.add("--interactive=false");
        cmd.addAll(List.of(args));
        Path out = commandLogs.resolve(
                String.format("%02d-%s.log", ++commandCount, args[args[0].startsWith("--") ? 4 : 0]));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("AS_JAVA", javaHome.toString());
        pb.environment().putAll(env);
        for (String unset : List.of("NUBO_DB_URL", "NUBO_DB_USER", "NUBO_DB_PASSWORD")) {
            if (!env.containsKey(unset)) {
                pb.environment().remove(unset);
            }
        }
        long t0 = System.nanoTime();
        try {
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("asadmin " + String.join(" ", args) + " did not finish within " + timeout
                        + "; output:\n" + read(out));
            }
            return new Result(
                    String.join(" ", args), p.exitValue(), read(out), Duration.ofNanos(System.nanoTime() - t0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running asadmin " + String.join(" ", args), e);
        }
    }

    /** The last lines of the domain's server.log, for failure reports. */
    String serverLogTail(int lines) {
        try {
            if (!Files.exists(serverLog())) {
                return "(no " + serverLog() + ")";
            }
            List<String> all = Files.readAllLines(serverLog(), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + serverLog() + ": " + e + ")";
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    record Result(String command, int exitCode, String output, Duration took) {
        Result expectSuccess() {
            if (exitCode != 0) {
                throw new AssertionError("asadmin " + command + " failed with exit code " + exitCode + ":\n" + output);
            }
            return this;
        }
    }

    // ---- unzip ------------------------------------------------------------------------------------------------------

    /** Unzips {@code zip} into {@code root} once; a marker naming the zip's size and date proves the copy complete. */
    private static Path unzipOnce(Path zip, Path root) throws IOException {
        String stamp = Files.size(zip) + " " + Files.getLastModifiedTime(zip).toMillis();
        Path marker = root.resolve(".unzipped");
        Optional<Path> existing =
                Files.exists(marker) && Files.readString(marker).trim().equals(stamp)
                        ? findInstall(root)
                        : Optional.empty();
        if (existing.isPresent()) {
            return existing.get();
        }
        deleteTree(root);
        Path staging = root.resolveSibling(root.getFileName() + ".partial");
        deleteTree(staging);
        Files.createDirectories(staging);
        try (InputStream in = Files.newInputStream(zip);
                ZipInputStream zin = new ZipInputStream(in)) {
            for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                Path target = staging.resolve(e.getName()).normalize();
                if (!target.startsWith(staging)) {
                    throw new IOException("zip entry outside the target directory: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.copy(zin, target, StandardCopyOption.REPLACE_EXISTING);
                if (e.getLastModifiedTime() != null) {
                    Files.setLastModifiedTime(
                            target, FileTime.fromMillis(e.getLastModifiedTime().toMillis()));
                }
                if (target.getParent().getFileName().toString().equals("bin")) {
                    target.toFile().setExecutable(true, false);
                }
            }
        }
        Files.move(staging, root, StandardCopyOption.ATOMIC_MOVE);
        Path install = findInstall(root)
                .orElseThrow(() -> new IOException(zip + " holds no glassfish/lib/client/appserver-cli.jar"));
        Files.writeString(marker, stamp);
        return install;
    }

    /** The directory holding glassfish/ (payara6/ in the distribution). */
    private static Optional<Path> findInstall(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> children = Files.list(root)) {
            return children.filter(d -> Files.isRegularFile(d.resolve("glassfish/lib/client/appserver-cli.jar")))
                    .filter(d -> Files.isRegularFile(d.resolve("glassfish/modules/glassfish.jar")))
                    .findFirst();
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
