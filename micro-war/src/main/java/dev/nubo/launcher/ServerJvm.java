package dev.nubo.launcher;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import sun.misc.Signal;

/**
 * The JVM the server runs in. {@code java -jar nubo.jar} without heap options starts a second JVM with limits taken
 * from the machine (heap, metaspace, code cache, direct buffers), the operator's {@code NUBO_JAVA_OPTS} after them,
 * and a class data archive (AppCDS) of this jar once one exists; this first JVM only passes signals on and waits.
 * A JVM started with its own heap limit ({@code -Xmx}, {@code -XX:MaxRAMPercentage}...) or {@code NUBO_HEAP=jvm}
 * runs the server itself, as it is; so does one with NUBO_HEAP unset (perf/memory/RESULTS.md: the sized JVM lost
 * throughput in the end-to-end suite, so it stays opt-in).
 */
final class ServerJvm {
    /** System property that marks the server JVM; its value is the pid of the JVM that started it. */
    static final String PARENT = "nubo.launcher.parent";

    static final long MIB = 1L << 20;
    static final long MIN_HEAP = 128 * MIB;
    static final long AUTO_FLOOR = 192 * MIB;
    static final long AUTO_CEILING = 512 * MIB;
    static final String METASPACE = "-XX:MaxMetaspaceSize=384m";
    static final String CODE_CACHE = "-XX:ReservedCodeCacheSize=160m";
    static final String DIRECT = "-XX:MaxDirectMemorySize=64m";

    private static final Pattern SIZE = Pattern.compile("(\\d{1,9})([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

    private ServerJvm() {}

    /** What the launcher does: run the server here, or start it in a child JVM with these settings. */
    record Plan(long heapBytes, List<String> options, Optional<Path> archive, boolean writesArchive) {}

    /** Whether the operator already sized this JVM: then it runs the server itself. */
    static boolean sizedByOperator(List<String> jvmArguments) {
        return jvmArguments.stream()
                .anyMatch(a -> a.startsWith("-Xmx")
                        || a.startsWith("-XX:MaxHeapSize=")
                        || a.startsWith("-XX:MaxRAMPercentage=")
                        || a.startsWith("-XX:MaxRAMFraction=")
                        || a.startsWith("-XX:MaxRAM="));
    }

    /**
     * NUBO_HEAP: {@code auto} gives an eighth of the machine's memory, at least 192 MiB and at most 512 MiB; a size
     * ({@code 768m}, {@code 2g}) is taken as it is, if at least 128 MiB. Returns 0 for {@code jvm} and when unset:
     * no child, the launching JVM as it is.
     */
    static long heapBytes(String setting, long machineBytes) {
        if (setting == null || setting.equalsIgnoreCase("jvm")) {
            return 0; // the default: a sized server JVM lost throughput in the end-to-end suite (perf/memory)
        }
        if (setting.equalsIgnoreCase("auto")) {
            return Math.max(AUTO_FLOOR, Math.min(AUTO_CEILING, machineBytes / 8 / MIB * MIB));
        }
        Matcher m = SIZE.matcher(setting);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "NUBO_HEAP: '" + setting + "' is not auto, jvm or a size such as 512m or 2g");
        }
        long n = Long.parseLong(m.group(1));
        long bytes =
                switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "k" -> n << 10;
                    case "m" -> n << 20;
                    case "g" -> n << 30;
                    case "t" -> n << 40;
                    default -> n;
                };
        if (bytes < MIN_HEAP) {
            throw new IllegalArgumentException("NUBO_HEAP: '" + setting + "' is below the 128m the server needs");
        }
        return bytes;
    }

    /** NUBO_JAVA_OPTS split at white space (no quoting: one option per word). */
    static List<String> operatorOptions(String setting) {
        List<String> out = new ArrayList<>();
        if (setting != null) {
            for (String word : setting.trim().split("\\s+")) {
                if (!word.isEmpty()) {
                    out.add(word);
                }
            }
        }
        for (String o : out) {
            if (!o.startsWith("-")) {
                throw new IllegalArgumentException("NUBO_JAVA_OPTS: '" + o + "' is not a JVM option");
            }
        }
        return out;
    }

    /**
     * The server JVM's options: the launching JVM's own (minus a debugger agent, which would ask for the same port
     * twice), the limits, the class data archive, then NUBO_JAVA_OPTS, which therefore win.
     */
    static Plan plan(
            List<String> inherited,
            long heapBytes,
            List<String> operator,
            Path dataDir,
            boolean cds,
            String jarIdentity) {
        List<String> options = new ArrayList<>();
        for (String a : inherited) {
            if (!a.startsWith("-agentlib:jdwp") && !a.startsWith("-Xrunjdwp") && !a.startsWith("-D" + PARENT + "=")) {
                options.add(a);
            }
        }
        options.add("-Xmx" + (heapBytes / MIB) + "m");
        options.add(METASPACE);
        options.add(CODE_CACHE);
        options.add(DIRECT);
        Optional<Path> archive = Optional.empty();
        boolean writes = false;
        if (cds && operator.stream().noneMatch(o -> o.contains("SharedArchiveFile") || o.startsWith("-Xshare"))) {
            Path file = archiveDir(dataDir).resolve("nubo-" + digest(jarIdentity + "\n" + options + operator) + ".jsa");
            archive = Optional.of(file);
            if (Files.isRegularFile(file)) {
                options.add("-XX:SharedArchiveFile=" + file);
            } else {
                writes = true;
                options.add("-XX:ArchiveClassesAtExit=" + partial(file));
            }
            // the archive's own warnings (classes it skips, a stale file it ignores) are not the operator's business
            options.add("-Xlog:cds=off");
            options.add("-Xlog:cds+dynamic=off");
        }
        options.addAll(operator);
        return new Plan(heapBytes, List.copyOf(options), archive, writes);
    }

    static Path archiveDir(Path dataDir) {
        return dataDir.resolve("jvm");
    }

    static Path partial(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".partial");
    }

    /** The jar as the archive knows it: a new build or another JVM gives another archive. */
    static String jarIdentity(Path jar) throws IOException {
        return jar.toAbsolutePath() + "|" + Files.size(jar) + "|"
                + Files.getLastModifiedTime(jar).toMillis() + "|" + System.getProperty("java.home") + "|"
                + System.getProperty("java.vm.version");
    }

    private static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts the server JVM with the plan, passes SIGTERM and SIGINT on to it, and returns its exit code once it has
     * ended. After a clean end (exit code 0), an archive it wrote replaces the older ones.
     */
    static int runChild(Plan plan, Path jar, String[] args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(plan.options());
        command.add("-D" + PARENT + "=" + ProcessHandle.current().pid());
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        if (plan.archive().isPresent()) {
            Files.createDirectories(plan.archive().get().getParent());
            Files.deleteIfExists(partial(plan.archive().get()));
        }
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        // glibc gives every busy thread its own malloc arena; two are plenty for a JVM and keep the RSS down
        pb.environment().putIfAbsent("MALLOC_ARENA_MAX", "2");
        Process server = pb.start();
        Signal.handle(new Signal("TERM"), s -> server.destroy());
        Signal.handle(new Signal("INT"), s -> server.destroy());
        int code = server.waitFor();
        plan.archive().ifPresent(a -> keepArchive(a, plan.writesArchive() && code == 0));
        return code;
    }

    private static void keepArchive(Path archive, boolean written) {
        Path partial = partial(archive);
        try {
            if (written && Files.isRegularFile(partial) && Files.size(partial) > 0) {
                Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                try (DirectoryStream<Path> old = Files.newDirectoryStream(archive.getParent(), "nubo-*.jsa")) {
                    for (Path p : old) {
                        if (!p.equals(archive)) {
                            Files.deleteIfExists(p);
                        }
                    }
                }
            } else {
                Files.deleteIfExists(partial);
            }
        } catch (IOException e) {
            System.err.println("nubo: class data archive not kept (" + e.getMessage() + ")");
        }
    }

    /**
     * In the server JVM: end when the launching JVM is gone (killed with SIGKILL), as the server would have if it
     * ran in that JVM. Its embedded PostgreSQL is then left for the next start to stop, as after any crash.
     */
    static void endWithParent() {
        String parent = System.getProperty(PARENT);
        if (parent == null) {
            return;
        }
        try {
            ProcessHandle.of(Long.parseLong(parent))
                    .ifPresentOrElse(
                            p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(137)),
                            () -> Runtime.getRuntime().halt(137));
        } catch (NumberFormatException e) {
            // not set by our launcher: nothing to watch
        }
    }

    static List<String> jvmArguments() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments();
    }

    /** Physical memory, or the container's limit where the JVM sees one. */
    static long machineBytes() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return os.getTotalMemorySize();
    }
}
