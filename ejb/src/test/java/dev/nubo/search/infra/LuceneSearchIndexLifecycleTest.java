package dev.nubo.search.infra;

import static dev.nubo.search.infra.Fixtures.doc;
import static dev.nubo.search.infra.Fixtures.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.nubo.search.api.IndexDoc;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.lucene.store.LockObtainFailedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneSearchIndexLifecycleTest {
    @TempDir
    Path tmp;

    private Path dir() {
        return tmp.resolve("index");
    }

    private static Iterator<IndexDoc> docs(String... names) {
        List<IndexDoc> docs = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            docs.add(doc(i + 1, names[i]).build());
        }
        return docs.iterator();
    }

    @Test
    void newIndex_needsRebuild_untilRebuilt_andStaysRebuiltAcrossReopen() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild()).isTrue();
            assertThat(index.count()).isZero();
            index.apply(List.of(doc(9, "early.txt").build()), List.of());
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild())
                    .as("batches alone never make an index complete")
                    .isTrue();
            assertThat(ids(index, "early")).containsExactly(9L);
            index.rebuild(docs("alpha.txt", "beta.txt"));
            assertThat(index.needsRebuild()).isFalse();
            assertThat(ids(index, "early")).isEmpty();
            index.apply(List.of(doc(3, "gamma.txt").build()), List.of(1L));
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild()).isFalse();
            assertThat(index.count()).isEqualTo(2);
            assertThat(ids(index, "beta")).containsExactly(2L);
            assertThat(ids(index, "gamma")).containsExactly(3L);
            assertThat(ids(index, "alpha")).isEmpty();
        }
    }

    @Test
    void deletedDirectory_opensEmpty_needsRebuild_thenRebuildFindsAgain() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("alpha.txt"));
        }
        deleteTree(dir());

        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild()).isTrue();
            assertThat(index.count()).isZero();
            index.rebuild(docs("alpha.txt"));
            assertThat(ids(index, "alpha")).containsExactly(1L);
            assertThat(index.needsRebuild()).isFalse();
        }
    }

    @Test
    void junkSegmentsFile_opensEmpty_needsRebuild_andTheDamagedCopyIsGone() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("alpha.txt", "beta.txt"));
        }
        try (Stream<Path> files = Files.list(dir())) {
            Path segments = files.filter(f -> f.getFileName().toString().startsWith("segments_"))
                    .findFirst()
                    .orElseThrow();
            Files.write(segments, "this is not a Lucene commit point".getBytes(StandardCharsets.UTF_8));
        }

        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild()).isTrue();
            assertThat(index.count()).isZero();
            index.rebuild(docs("alpha.txt"));
            assertThat(ids(index, "alpha")).containsExactly(1L);
        }
        try (Stream<Path> siblings = Files.list(tmp)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("index");
        }
    }

    @Test
    void missingSegmentFile_isCorruptionToo() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("alpha.txt", "beta.txt"));
        }
        try (Stream<Path> files = Files.list(dir())) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("_"))
                    .toList()) {
                Files.delete(f);
            }
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.needsRebuild()).isTrue();
            assertThat(index.count()).isZero();
        }
    }

    @Test
    void secondOpenOfTheSameDirectory_failsClearly_andTheFirstKeepsWorking() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("alpha.txt"));

            assertThatThrownBy(() -> LuceneSearchIndex.open(dir()))
                    .isInstanceOf(LockObtainFailedException.class)
                    .hasMessageContaining("already open");

            assertThat(ids(index, "alpha")).containsExactly(1L);
            index.apply(List.of(doc(2, "beta.txt").build()), List.of());
            assertThat(index.count()).isEqualTo(2);
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(index.count()).isEqualTo(2);
        }
    }

    @Test
    void rebuild_isInvisibleUntilItsCommit_andAFailedOneLeavesTheOldContent() throws IOException {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("old.txt"));
            List<IndexDoc> fresh =
                    List.of(doc(2, "new one.txt").build(), doc(3, "new two.txt").build());
            Iterator<IndexDoc> failing = new Iterator<>() {
                int next;

                @Override
                public boolean hasNext() {
                    return true;
                }

                @Override
                public IndexDoc next() {
                    try {
                        assertThat(ids(index, "old"))
                                .as("old content while rebuilding")
                                .containsExactly(1L);
                        assertThat(ids(index, "new")).isEmpty();
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                    if (next == fresh.size()) {
                        throw new IllegalStateException("the database went away");
                    }
                    return fresh.get(next++);
                }
            };

            assertThatThrownBy(() -> index.rebuild(failing)).hasMessageContaining("database went away");

            assertThat(ids(index, "old")).containsExactly(1L);
            assertThat(ids(index, "new")).isEmpty();
            assertThat(index.needsRebuild()).isFalse();
            index.apply(List.of(doc(4, "after.txt").build()), List.of());
            assertThat(index.count()).isEqualTo(2);
        }
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            assertThat(ids(index, "new")).isEmpty();
            assertThat(index.count()).isEqualTo(2);
        }
    }

    @Test
    void concurrentSearches_whileOneWriterAppliesBatches() throws Exception {
        try (LuceneSearchIndex index = LuceneSearchIndex.open(dir())) {
            index.rebuild(docs("seed.txt"));
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Integer>> searchers = IntStream.range(0, 2)
                        .mapToObj(n -> pool.submit(() -> {
                            int searches = 0;
                            while (writing.get() || searches == 0) {
                                assertThat(ids(index, "seed")).containsExactly(1L);
                                assertThat(index.suggest(Set.of(Fixtures.ALICE), "bat", 20))
                                        .allSatisfy(s -> assertThat(s.name()).startsWith("batch"));
                                searches++;
                            }
                            return searches;
                        }))
                        .toList();
                for (int batch = 0; batch < 12; batch++) {
                    List<IndexDoc> docs = new ArrayList<>();
                    for (int i = 0; i < 25; i++) {
                        docs.add(doc(1000 + batch * 25 + i, "batch " + tag(batch) + " item " + i + ".txt")
                                .build());
                    }
                    index.apply(docs, List.of());
                    assertThat(ids(index, tag(batch))).hasSize(25);
                }
                writing.set(false);
                for (Future<Integer> searcher : searchers) {
                    assertThat(searcher.get(30, TimeUnit.SECONDS)).isPositive();
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(index.count()).isEqualTo(1 + 12 * 25);
        }
    }

    @Test
    void closedIndex_refusesWork() throws IOException {
        LuceneSearchIndex index = LuceneSearchIndex.open(dir());
        index.close();
        index.close();
        assertThatThrownBy(() -> index.apply(List.of(doc(1, "a.txt").build()), List.of()))
                .isInstanceOf(IllegalStateException.class);
    }

    /** A word unique to one batch, letters only, so that no other batch's names match it in any way. */
    private static String tag(int batch) {
        return "" + (char) ('a' + batch / 26) + (char) ('a' + batch % 26) + "tag";
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
