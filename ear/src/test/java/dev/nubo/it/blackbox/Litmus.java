package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** litmus 0.13 (suites basic, copymove, props, locks, http) against a collection, every test expected to pass. */
final class Litmus {
    private Litmus() {}

    /** Runs litmus and asserts that every suite passed in full; returns its output. */
    static String passesEverySuite(String url, String user, String password) throws Exception {
        Path logs = Files.createTempDirectory("litmus");
        ProcessBuilder pb = new ProcessBuilder("litmus", "-k", url, user, password)
                .directory(logs.toFile())
                .redirectErrorStream(true);
        pb.environment().put("TESTS", "basic copymove props locks http");
        Process p = pb.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("litmus finished").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(out)
                .as("litmus output (logs in %s)", logs)
                .contains("<- summary for `basic': of 16 tests run: 16 passed, 0 failed")
                .contains("<- summary for `copymove': of 13 tests run: 13 passed, 0 failed")
                .contains("<- summary for `props': of 30 tests run: 30 passed, 0 failed")
                .contains("<- summary for `locks': of 41 tests run: 41 passed, 0 failed")
                .contains("<- summary for `http': of 4 tests run: 4 passed, 0 failed");
        deleteQuietly(logs);
        return out;
    }

    private static void deleteQuietly(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
        }
    }
}
