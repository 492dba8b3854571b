package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The search index is only a copy of what the database holds: deleted while the server was stopped, or left corrupt,
 * it is rebuilt from the database at the next start, and search finds everything again.
 */
@ExtendWith(ServerLogs.class)
class SearchIndexRecoveryIT {
    @Test
    void aDeletedOrCorruptIndexIsRebuiltFromTheDatabaseAtStart() throws IOException {
        NuboProcess first = NuboProcess.startHealthy("search-recovery-1", Map.of());
        NuboProcess second = null;
        NuboProcess third = null;
        try {
            FilesClient u = FilesClient.newUser(first.api(), "recover", null);
            long docs = u.mkdir(u.rootId(), "Documents");
            u.uploadOk(docs, "flamingo-report.txt", "tangerine".getBytes(StandardCharsets.UTF_8));
            u.uploadOk(u.rootId(), "heron.txt", "x".getBytes(StandardCharsets.UTF_8));
            assertThat(SearchIT.await(u, "q=flamingo", n -> !n.isEmpty())).containsExactly("flamingo-report.txt");
            assertThat(first.stop()).isZero();

            Path index = first.dataDir.resolve("search");
            assertThat(index).isDirectory();
            delete(index);
            second = NuboProcess.start("search-recovery-2", first.home, first.dataDir, Map.of());
            second.awaitHealthy();
            FilesClient again = new FilesClient(second.api(), u.user);
            assertThat(SearchIT.await(again, "q=flamingo", n -> !n.isEmpty()))
                    .as("found again after the index directory was deleted")
                    .containsExactly("flamingo-report.txt");
            assertThat(SearchIT.await(again, "q=tangerine", n -> !n.isEmpty())).containsExactly("flamingo-report.txt");
            assertThat(SearchIT.await(again, "q=heron", n -> !n.isEmpty())).containsExactly("heron.txt");
            assertThat(second.stop()).isZero();

            try (Stream<Path> files = Files.list(index)) {
                List<Path> segments = files.filter(
                                p -> p.getFileName().toString().startsWith("segments"))
                        .toList();
                assertThat(segments).isNotEmpty();
                for (Path s : segments) {
                    Files.write(s, "not a Lucene commit".getBytes(StandardCharsets.US_ASCII));
                }
            }
            third = NuboProcess.start("search-recovery-3", first.home, first.dataDir, Map.of());
            third.awaitHealthy();
            FilesClient once = new FilesClient(third.api(), u.user);
            assertThat(SearchIT.await(once, "q=flamingo", n -> !n.isEmpty()))
                    .as("found again after the index was corrupted")
                    .containsExactly("flamingo-report.txt");
        } finally {
            for (NuboProcess p : new NuboProcess[] {third, second, first}) {
                if (p != null && p.isAlive()) {
                    p.stop();
                }
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
