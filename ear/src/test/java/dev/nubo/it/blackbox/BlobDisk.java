package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a server's blob store holds on disk, looked at from outside: {@code <data>/blobs/sha256/ab/cd/<hash>} are the
 * contents, {@code <data>/blobs/tmp/*.part} writes in progress (or left by a crash).
 */
final class BlobDisk {
    final Path blobs;
    final Path temp;

    BlobDisk(Path dataDir) {
        this.blobs = dataDir.resolve("blobs").resolve("sha256");
        this.temp = dataDir.resolve("blobs").resolve("tmp");
    }

    /** The hashes of every content file stored. */
    Set<String> hashes() {
        if (!Files.isDirectory(blobs)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.walk(blobs)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path blob(String hash) {
        return blobs.resolve(hash.substring(0, 2)).resolve(hash.substring(2, 4)).resolve(hash);
    }

    boolean has(String hash) {
        return Files.isRegularFile(blob(hash));
    }

    /** The unfinished writes. */
    List<Path> parts() {
        if (!Files.isDirectory(temp)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(temp)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".part"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1; // gone meanwhile
        }
    }

    /**
     * Polls {@code value} every 250 ms until it satisfies {@code done}, for at most {@code max}; returns the value
     * that did, or fails naming {@code what} and the last value seen.
     */
    static <T> T await(Duration max, String what, Supplier<T> value, Predicate<T> done) {
        long deadline = System.nanoTime() + max.toNanos();
        List<T> seen = new ArrayList<>(); // the distinct values in turn, for the failure message
        T last = value.get();
        while (!done.test(last)) {
            if (seen.isEmpty() || !Objects.equals(seen.get(seen.size() - 1), last)) {
                seen.add(last);
            }
            if (System.nanoTime() > deadline) {
                fail(
                        "not within %s: %s; seen, in turn: %s",
                        max, what, seen.subList(Math.max(0, seen.size() - 8), seen.size()));
            }
            NuboProcess.sleep(Duration.ofMillis(250));
            last = value.get();
        }
        return last;
    }
}
