package dev.nubo.search.infra;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.store.LockObtainFailedException;

/** What to do with an index directory that cannot be opened: recognise it, and get it out of the way. */
final class IndexDirectories {
    private static final Logger LOG = Logger.getLogger(IndexDirectories.class.getName());
    private static final String ASIDE = ".corrupt-";

    private IndexDirectories() {}

    /**
     * Whether {@code failure} says the files are damaged or from another Lucene version, as opposed to the
     * directory being locked or unreadable, which a rebuild would not cure and which must reach the operator.
     */
    static boolean isCorruption(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof LockObtainFailedException) {
                return false;
            }
            if (t instanceof CorruptIndexException
                    || t instanceof IndexFormatTooOldException
                    || t instanceof IndexFormatTooNewException
                    || t instanceof NoSuchFileException
                    || t instanceof FileNotFoundException
                    || t instanceof EOFException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Renames {@code dir} to {@code dir.corrupt-<millis>}, then deletes that. The rename empties the index's place
     * in one step, so a crash while deleting leaves an obviously named leftover (removed at the next open), never
     * half an index where the index belongs.
     */
    static void discard(Path dir) throws IOException {
        Path aside = dir.resolveSibling(dir.getFileName() + ASIDE + System.currentTimeMillis());
        try {
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(dir, aside);
        }
        deleteTree(aside);
    }

    /** Deletes what earlier {@link #discard} calls left behind when they were interrupted. */
    static void removeLeftovers(Path dir) {
        Path parent = dir.toAbsolutePath().getParent();
        if (parent == null) {
            return;
        }
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(parent, dir.getFileName() + ASIDE + "*")) {
            for (Path leftover : leftovers) {
                deleteTree(leftover);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, e, () -> "nubo: cannot list old copies of the search index next to " + dir);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, e, () -> "nubo: cannot delete the discarded search index " + root);
        }
    }
}
