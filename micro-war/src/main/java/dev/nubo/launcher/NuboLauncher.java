package dev.nubo.launcher;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Main-Class of nubo.jar. The listening port must be known before Payara Micro boots, which is before the
 * application's MicroProfile Config exists, so this reads the two settings needed that early the way MicroProfile
 * Config would (system property {@code nubo.port}, else environment variable {@code NUBO_PORT}, else the default),
 * refuses bad values with one line, and hands over to Payara Micro: in this JVM, or with NUBO_HEAP in a server JVM
 * of its own with memory limits ({@link ServerJvm}).
 */
public final class NuboLauncher {
    static final int DEFAULT_PORT = 8080;

    static final String SENDFILE = "org.glassfish.grizzly.http.USE_SEND_FILE";

    private NuboLauncher() {}

    public static void main(String[] args) throws Exception {
        int port;
        Path dataDir;
        boolean serverJvm = System.getProperty(ServerJvm.PARENT) != null;
        ServerJvm.Plan child = null;
        try {
            port = port(setting("nubo.port"));
            dataDir = dataDir(setting("nubo.data.dir"));
            String dbUrl = setting("nubo.db.url");
            if (dbUrl != null && !serverJvm) {
                checkDatabase(dbUrl, setting("nubo.db.user"), setting("nubo.db.password"));
            }
            if (!serverJvm) {
                child = childPlan(dataDir);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("nubo: cannot start: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (child != null) {
            System.out.println(describe(child));
            System.exit(ServerJvm.runChild(child, ownJar(), args));
            return;
        }
        ServerJvm.endWithParent();
        // the application reads these through MicroProfile Config; system properties outrank everything else there
        System.setProperty("nubo.data.dir", dataDir.toString());
        System.setProperty("nubo.standalone", "true");
        // Grizzly leaves sendfile(2) off unless asked; downloads hand files to it (dev.nubo.platform.web.ZeroCopy)
        if (System.getProperty(SENDFILE) == null) {
            System.setProperty(SENDFILE, "true");
        }
        List<String> payaraArgs = new ArrayList<>(List.of("--port", String.valueOf(port), "--nohazelcast"));
        payaraArgs.addAll(Arrays.asList(args));
        try {
            Class.forName("fish.payara.micro.PayaraMicro")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) payaraArgs.toArray(new String[0]));
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
        // after boot: Payara Micro installs its own handlers while booting, which would replace ours
        GracefulStop.install();
        returnIdleMemory();
    }

    /**
     * The server JVM's settings, or null to run the server in this JVM: when it was started with a heap limit of its
     * own, with NUBO_HEAP=jvm, or from something other than a jar.
     */
    static ServerJvm.Plan childPlan(Path dataDir) {
        long heap = ServerJvm.heapBytes(setting("nubo.heap"), ServerJvm.machineBytes());
        List<String> operator = ServerJvm.operatorOptions(setting("nubo.java.opts"));
        String cds = setting("nubo.cds");
        if (cds != null && !cds.equalsIgnoreCase("on") && !cds.equalsIgnoreCase("off")) {
            throw new IllegalArgumentException("NUBO_CDS: '" + cds + "' is not on or off");
        }
        Path jar = ownJar();
        List<String> jvm = ServerJvm.jvmArguments();
        if (heap == 0 || jar == null || ServerJvm.sizedByOperator(jvm)) {
            if (!operator.isEmpty()) {
                System.err.println("nubo: NUBO_JAVA_OPTS not used: this JVM runs the server as it was started");
            }
            return null;
        }
        try {
            return ServerJvm.plan(
                    jvm, heap, operator, dataDir, !"off".equalsIgnoreCase(cds), ServerJvm.jarIdentity(jar));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + jar + " (" + e.getMessage() + ")");
        }
    }

    static String describe(ServerJvm.Plan plan) {
        String archive = plan.archive()
                .map(a -> plan.writesArchive()
                        ? ", class data archive written at the first clean stop (" + a + ")"
                        : ", class data archive " + a)
                .orElse("");
        return "nubo: server JVM with a " + plan.heapBytes() / ServerJvm.MIB + " MiB heap (NUBO_HEAP), "
                + ServerJvm.METASPACE + " " + ServerJvm.CODE_CACHE + " " + ServerJvm.DIRECT + archive;
    }

    /** The jar this JVM was started from ({@code java -jar}), or null. */
    static Path ownJar() {
        String cp = System.getProperty("java.class.path", "");
        if (cp.endsWith(".jar") && !cp.contains(java.io.File.pathSeparator)) {
            Path jar = Path.of(cp).toAbsolutePath();
            return Files.isRegularFile(jar) ? jar : null;
        }
        return null;
    }

    /**
     * Start-up leaves the heap committed far above what stays live (about 250 MB committed for 70 MB live). Let the
     * collector give the difference back after boot (IdleMemoryTrimmer does it again after idle periods); these flags
     * are manageable, so no JVM option is needed.
     */
    static void returnIdleMemory() {
        try {
            var diagnostics = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            diagnostics.setVMOption("MinHeapFreeRatio", "5");
            diagnostics.setVMOption("MaxHeapFreeRatio", "10");
        } catch (RuntimeException e) {
            // another collector or JVM: leave it to its defaults
        }
        System.gc();
    }

    /**
     * An external database is tried before Payara boots: its JPA deployer would otherwise log in first and bury the
     * cause under pages of EclipseLink stack traces, leaving a server up with nothing deployed. The driver classes
     * sit at the root of nubo.jar for this.
     */
    static void checkDatabase(String url, String user, String password) {
        java.util.Properties props = new java.util.Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        props.setProperty("connectTimeout", "10");
        props.setProperty("loginTimeout", "15");
        props.setProperty("ApplicationName", "nubo-launcher");
        java.sql.Driver driver;
        try {
            driver = (java.sql.Driver) Class.forName("org.postgresql.Driver")
                    .getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException e) {
            return; // no driver at the root (a hand-made jar): the application reports the failure itself
        }
        try (java.sql.Connection c = driver.connect(url, props)) {
            if (c == null) {
                throw new IllegalArgumentException("NUBO_DB_URL: '" + url + "' is not a jdbc:postgresql:// URL");
            }
        } catch (java.sql.SQLException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new IllegalArgumentException("NUBO_DB_URL: cannot connect to " + url + " ("
                    + message.lines().findFirst().orElse(message) + ")");
        }
    }

    /** System property first, then the environment variable of the same name by MicroProfile Config's mapping. */
    static String setting(String key) {
        String value = System.getProperty(key);
        if (value == null) {
            value = System.getenv(key.toUpperCase().replace('.', '_'));
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    static int port(String value) {
        if (value == null) {
            return DEFAULT_PORT;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("NUBO_PORT: '" + value + "' is not a port number (1-65535)");
    }

    static Path dataDir(String value) {
        String setting = value == null ? "./nubo-data" : value;
        Path dir;
        try {
            dir = Path.of(setting).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("NUBO_DATA_DIR: '" + setting + "' is not a valid path");
        }
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".write-probe", ".tmp"));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("NUBO_DATA_DIR: " + dir + " is not a writable directory (" + e + ")");
        }
        return dir;
    }
}
