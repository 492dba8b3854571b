package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.TestUser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What starting nubo.jar promises: a bad setting ends the process with a non-zero code and one line naming the
 * setting, no stack trace; a restart on the same data directory keeps the users and ignores a changed
 * NUBO_ADMIN_PASSWORD.
 */
@ExtendWith(ServerLogs.class)
class StartupContractIT {

    @Test
    void aPortThatIsNotANumberEndsTheProcessWithOneLine() {
        try (NuboProcess p = NuboProcess.start("bad-port", Map.of("NUBO_PORT", "abc"))) {
            assertEndsWithOneLineNaming(p, "NUBO_PORT");
        }
    }

    private static void assertEndsWithOneLineNaming(NuboProcess p, String setting) {
        Integer code = p.awaitExit(Duration.ofSeconds(20));
        assertThat(code)
                .as("exit code within 20 s; %s", p.logHint())
                .isNotNull()
                .isNotZero();
        assertThat(linesMentioning(p.stderrText(), setting))
                .as("stderr: %s", p.stderrText())
                .isEqualTo(1);
        assertNoStackTrace(p);
    }

    @Test
    void aDataDirectoryBelowARegularFileEndsTheProcessWithOneLine() throws IOException {
        Path home = NuboProcess.newHome("bad-data-dir");
        Path file = Files.writeString(home.resolve("a-file"), "not a directory");
        try (NuboProcess p = NuboProcess.start("bad-data-dir", home, file.resolve("sub"), Map.of())) {
            Integer code = p.awaitExit(Duration.ofSeconds(30));

            assertThat(code)
                    .as("exit code within 30 s; %s", p.logHint())
                    .isNotNull()
                    .isNotZero();
            assertThat(linesMentioning(p.stderrText(), "NUBO_DATA_DIR"))
                    .as("stderr: %s", p.stderrText())
                    .isGreaterThanOrEqualTo(1);
            assertNoStackTrace(p);
        }
    }

    @Test
    void anUnreachableDatabaseEndsTheProcessWithOneLine() {
        int closedPort = NuboProcess.freePort();
        try (NuboProcess p = NuboProcess.start(
                "bad-db-url", Map.of("NUBO_DB_URL", "jdbc:postgresql://127.0.0.1:" + closedPort + "/nubo"))) {
            Integer code = awaitExitOrGivingUp(p, Duration.ofSeconds(60));

            assertThat(code)
                    .as("the process should end by itself within 60 s (it was still running); %s", p.logHint())
                    .isNotNull()
                    .isNotZero();
            assertThat(linesMentioning(p.output(), "NUBO_DB_URL"))
                    .as("a line naming NUBO_DB_URL; %s", p.logHint())
                    .isGreaterThanOrEqualTo(1);
            assertNoStackTrace(p);
        }
    }

    @Test
    void aBadHeapSettingEndsTheProcessWithOneLine() {
        try (NuboProcess p = NuboProcess.start("bad-heap", Map.of("NUBO_HEAP", "64m"))) {
            assertEndsWithOneLineNaming(p, "NUBO_HEAP");
        }
    }

    /**
     * NUBO_HEAP: the server runs in a second JVM with the limits and NUBO_JAVA_OPTS; the first clean stop leaves a
     * class data archive that the next start uses; SIGKILL to the launching JVM ends the server JVM too.
     */
    @Test
    void aSizedServerJvmWritesItsArchiveAtAStopAndEndsWithTheLauncher() throws Exception {
        Path home = NuboProcess.newHome("sized");
        Path data = home.resolve("data");
        Map<String, String> env = Map.of("NUBO_HEAP", "384m", "NUBO_JAVA_OPTS", "-Dnubo.it.marker=sized");
        try (NuboProcess first = NuboProcess.start("sized-1", home, data, env)) {
            first.awaitHealthy();
            assertThat(first.pid()).as("a server JVM of its own").isNotEqualTo(first.launcherPid());
            String cmd = commandLine(first.pid());
            assertThat(cmd)
                    .contains("-Xmx384m", "-XX:MaxMetaspaceSize=", "-XX:MaxDirectMemorySize=")
                    .contains("-Dnubo.it.marker=sized", "-XX:ArchiveClassesAtExit=");
            assertThat(first.stop()).as("clean stop; %s", first.logHint()).isZero();
        }
        Path jvm = data.resolve("jvm");
        try (var files = Files.list(jvm)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("one finished archive, nothing partial")
                    .singleElement()
                    .satisfies(n -> assertThat(n).endsWith(".jsa"));
        }

        NuboProcess second = NuboProcess.start("sized-2", home, data, env);
        try {
            second.awaitHealthy();
            long serverPid = second.pid();
            assertThat(commandLine(serverPid)).contains("-XX:SharedArchiveFile=" + jvm);
            second.api()
                    .login(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD)
                    .expect(200);

            ProcessHandle.of(second.launcherPid()).orElseThrow().destroyForcibly();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false)
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false))
                    .as("the server JVM ended with the launcher")
                    .isFalse();
        } finally {
            second.stop();
            second.stopLeftoverPostgres();
        }
    }

    private static String commandLine(long pid) throws IOException {
        return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"))).replace('\0', ' ');
    }

    @Test
    void aRestartKeepsTheUsersAndTheFirstAdminPassword() {
        Path home = NuboProcess.newHome("restart");
        Path data = home.resolve("data");
        TestUser user;
        try (NuboProcess first = NuboProcess.start("restart-1", home, data, Map.of())) {
            first.awaitHealthy();
            user = first.api().newUser("survivor");
            first.api().login(user.username(), user.password()).expect(200);

            assertThat(first.stop())
                    .as("the first run ends on SIGTERM; %s", first.logHint())
                    .isNotNull();
            assertThat(first.leftoverPostgres())
                    .as("the embedded PostgreSQL stopped with the server")
                    .isEmpty();
        }

        try (NuboProcess second =
                NuboProcess.start("restart-2", home, data, Map.of("NUBO_ADMIN_PASSWORD", "a-Different-Password-2"))) {
            second.awaitHealthy();
            Api api = second.api();

            api.login(user.username(), user.password()).expect(200);
            api.login(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD).expect(200);
            api.login(NuboProcess.ADMIN_USER, "a-Different-Password-2").expectError(401, "invalid_credentials");
            assertThat(api.asAdmin(api.get("/api/admin/users/" + user.id()))
                            .send()
                            .expect(200)
                            .str("username"))
                    .isEqualTo(user.username());
        }
    }

    /**
     * Waits for the process to end, up to {@code max}; returns early (null) when Payara Micro has reported itself
     * ready and the process is still running 10 s later, which means it has settled on running without Nubo.
     */
    private static Integer awaitExitOrGivingUp(NuboProcess p, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        long readySince = 0;
        while (System.nanoTime() < deadline) {
            Integer code = p.awaitExit(Duration.ofSeconds(1));
            if (code != null) {
                return code;
            }
            if (readySince == 0
                    && p.output().contains("Payara Micro")
                    && p.output().contains(" ready in ")) {
                readySince = System.nanoTime();
            }
            if (readySince != 0
                    && System.nanoTime() - readySince > Duration.ofSeconds(10).toNanos()) {
                return null;
            }
        }
        return null;
    }

    private static long linesMentioning(String text, String setting) {
        return text.lines().filter(l -> l.contains(setting)).count();
    }

    private static void assertNoStackTrace(NuboProcess p) {
        String out = p.output();
        assertThat(out.lines().filter(l -> l.startsWith("\tat ")).limit(3).toList())
                .as("stack frames in the output; %s", p.logHint())
                .isEmpty();
    }
}
