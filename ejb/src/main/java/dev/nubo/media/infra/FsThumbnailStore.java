package dev.nubo.media.infra;

import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.platform.io.DurableFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Thumbnails as files under {@code <root>/ab/cd/<hash>-<px>.jpg|png}, keyed by the SHA-256 of the content they show:
 * identical content shares its thumbnails, and a thumbnail never goes stale because content under a hash never
 * changes. Two levels of 256 directories keep each directory small.
 *
 * <p>A thumbnail is written to a temp file in its final directory, fsync'ed, renamed atomically over its final name
 * and the directory fsync'ed, so a crash leaves either the whole thumbnail or none under that name (a stray temp file
 * at worst, named {@code .*.part}, which {@link #find} never returns and the next {@link #delete} removes). Writers of
 * the same content race harmlessly: they write the same bytes and the last rename wins.
 *
 * <p>The hash is the only caller input that becomes a path, so it must be exactly 64 lower-case hex digits.
 */
public final class FsThumbnailStore {
    static final String TEMP_SUFFIX = ".part";
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
    private static final List<String> EXTENSIONS = List.of("jpg", "png");

    private final Path root;

    /** Creates {@code root} when missing. */
    public FsThumbnailStore(Path root) throws IOException {
        this.root = Files.createDirectories(root);
    }

    /** The stored thumbnail of that content and size, whichever its format. */
    public Optional<Path> find(String contentHash, ThumbnailSize size) {
        Path dir = directory(contentHash);
        for (String extension : EXTENSIONS) {
            Path candidate = dir.resolve(fileName(contentHash, size, extension));
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Stores each thumbnail durably, replacing one of the same size (in either format). */
    public void store(String contentHash, List<Thumbnail> thumbnails) throws IOException {
        Path dir = directory(contentHash);
        if (thumbnails.isEmpty()) {
            return;
        }
        Files.createDirectories(dir);
        for (Thumbnail thumbnail : thumbnails) {
            String extension = extension(thumbnail.mimeType());
            Path target = dir.resolve(fileName(contentHash, thumbnail.size(), extension));
            write(dir, target, thumbnail.bytes());
            // an image re-rendered in the other format (say, a newer decoder found alpha) must not leave the old one
            for (String other : EXTENSIONS) {
                if (!other.equals(extension)) {
                    Files.deleteIfExists(dir.resolve(fileName(contentHash, thumbnail.size(), other)));
                }
            }
        }
        DurableFiles.fsyncDirectory(dir);
    }

    /** Deletes every size of that content, and any temp file a crashed writer left for it. */
    public void delete(String contentHash) throws IOException {
        Path dir = directory(contentHash);
        if (!Files.isDirectory(dir)) {
            return;
        }
        String name = contentHash + "-";
        String temp = "." + name;
        boolean deleted = false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String file = entry.getFileName().toString();
                if (file.startsWith(name) || file.startsWith(temp)) {
                    deleted |= Files.deleteIfExists(entry);
                }
            }
        }
        if (deleted) {
            DurableFiles.fsyncDirectory(dir);
        }
    }

    /** {@code image/jpeg} or {@code image/png}, by the extension this store gave the file. */
    public String mimeType(Path thumbnail) {
        String name = thumbnail.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".png")) {
            return Thumbnail.PNG;
        }
        if (name.endsWith(".jpg")) {
            return Thumbnail.JPEG;
        }
        throw new IllegalArgumentException("not a thumbnail of this store: " + thumbnail.getFileName());
    }

    private static void write(Path dir, Path target, byte[] bytes) throws IOException {
        Path part = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + TEMP_SUFFIX);
        try {
            try (FileChannel out = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the thumbnail directory does not support atomic renames", e);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private Path directory(String contentHash) {
        if (contentHash == null || !SHA256_HEX.matcher(contentHash).matches()) {
            throw new IllegalArgumentException("not a SHA-256 hex digest");
        }
        return root.resolve(contentHash.substring(0, 2)).resolve(contentHash.substring(2, 4));
    }

    private static String fileName(String contentHash, ThumbnailSize size, String extension) {
        return contentHash + "-" + size.px() + "." + extension;
    }

    private static String extension(String mimeType) {
        return Thumbnail.PNG.equals(mimeType) ? "png" : "jpg";
    }
}
