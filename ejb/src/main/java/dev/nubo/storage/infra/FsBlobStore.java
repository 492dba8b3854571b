package dev.nubo.storage.infra;

import dev.nubo.platform.io.DurableFiles;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.BlobTooLargeException;
import dev.nubo.storage.api.ChecksumMismatchException;
import dev.nubo.storage.api.ContentHash;
import dev.nubo.storage.api.StagedBlob;
import dev.nubo.storage.api.StoredBlob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Blobs as files under {@code <root>/sha256/ab/cd/<hash>}, written through {@code <root>/tmp}: the bytes go to a
 * fresh temp file while their SHA-256 is computed, the file is fsync'ed, renamed atomically to its content path, and
 * the directory is fsync'ed too, so after a crash a blob is either complete or absent. Identical content lands on
 * the same path and is kept once; a concurrent writer of the same content simply finds it there.
 */
public final class FsBlobStore implements BlobStore {
    static final int BUFFER = 64 * 1024;
    static final String TEMP_SUFFIX = ".part";

    private final Path blobs;
    private final Path temp;

    public FsBlobStore(Path root) throws IOException {
        this.blobs = root.resolve("sha256");
        this.temp = root.resolve("tmp");
        Files.createDirectories(blobs);
        Files.createDirectories(temp);
    }

    @Override
    public StoredBlob put(InputStream content, long maxBytes, Optional<ContentHash> expected) throws IOException {
        try (StagedBlob staged = stage(content, maxBytes, expected)) {
            return new StoredBlob(staged.hash(), staged.size(), staged.publish());
        }
    }

    @Override
    public StagedBlob stage(InputStream content, long maxBytes, Optional<ContentHash> expected) throws IOException {
        Path part = temp.resolve(UUID.randomUUID() + TEMP_SUFFIX);
        boolean staged = false;
        try {
            MessageDigest sha256 = sha256();
            long size = 0;
            try (FileChannel out = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                byte[] buffer = new byte[BUFFER];
                ByteBuffer wrapped = ByteBuffer.wrap(buffer);
                int n;
                while ((n = content.read(buffer)) >= 0) {
                    size += n;
                    if (size > maxBytes) {
                        throw new BlobTooLargeException(maxBytes);
                    }
                    sha256.update(buffer, 0, n);
                    wrapped.clear().limit(n);
                    while (wrapped.hasRemaining()) {
                        out.write(wrapped);
                    }
                }
                out.force(true);
            }
            ContentHash hash = ContentHash.of(sha256.digest());
            if (expected.isPresent() && !expected.get().equals(hash)) {
                throw new ChecksumMismatchException(expected.get(), hash);
            }
            staged = true;
            return new Staged(part, hash, size);
        } finally {
            if (!staged) {
                Files.deleteIfExists(part);
            }
        }
    }

    @Override
    public StagedBlob adopt(Path file, Optional<ContentHash> expected) throws IOException {
        Path part = temp.resolve(UUID.randomUUID() + TEMP_SUFFIX);
        Files.move(file, part, StandardCopyOption.ATOMIC_MOVE);
        boolean staged = false;
        try {
            MessageDigest sha256 = sha256();
            long size = 0;
            try (FileChannel in = FileChannel.open(part, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
                int n;
                while ((n = in.read(buffer.clear())) >= 0) {
                    size += n;
                    sha256.update(buffer.flip());
                }
                in.force(true);
            }
            ContentHash hash = ContentHash.of(sha256.digest());
            if (expected.isPresent() && !expected.get().equals(hash)) {
                throw new ChecksumMismatchException(expected.get(), hash);
            }
            staged = true;
            return new Staged(part, hash, size);
        } finally {
            if (!staged) {
                Files.deleteIfExists(part);
            }
        }
    }

    @Override
    public Path scratchDirectory(String name) throws IOException {
        if (!name.matches("[a-z][a-z0-9-]{0,31}")) {
            throw new IllegalArgumentException("not a scratch directory name: " + name);
        }
        return Files.createDirectories(blobs.getParent().resolve(name));
    }

    private final class Staged implements StagedBlob {
        private final Path part;
        private final ContentHash hash;
        private final long size;

        Staged(Path part, ContentHash hash, long size) {
            this.part = part;
            this.hash = hash;
            this.size = size;
        }

        @Override
        public ContentHash hash() {
            return hash;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public boolean publish() throws IOException {
            Path target = path(hash);
            if (Files.exists(target)) {
                return false;
            }
            Files.createDirectories(target.getParent());
            return FsBlobStore.publish(part, target);
        }

        @Override
        public void close() throws IOException {
            Files.deleteIfExists(part);
        }
    }

    /** Atomic rename into place; false when a concurrent writer of the same content got there first. */
    private static boolean publish(Path part, Path target) throws IOException {
        try {
            // a hard link never replaces an existing file: the first writer wins, the others see it exists
            Files.createLink(target, part);
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException e) {
            try {
                Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException unsupported) {
                throw new IOException("the blob directory does not support atomic renames", unsupported);
            }
        }
        DurableFiles.fsyncDirectory(target.getParent());
        return true;
    }

    @Override
    public Optional<FileChannel> open(ContentHash hash) throws IOException {
        try {
            return Optional.of(FileChannel.open(path(hash), StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Path> localFile(ContentHash hash) {
        return Optional.of(path(hash));
    }

    @Override
    public boolean exists(ContentHash hash) {
        return Files.isRegularFile(path(hash));
    }

    @Override
    public Optional<Long> size(ContentHash hash) throws IOException {
        try {
            return Optional.of(Files.size(path(hash)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public boolean delete(ContentHash hash) throws IOException {
        Path target = path(hash);
        boolean deleted = Files.deleteIfExists(target);
        if (deleted) {
            DurableFiles.fsyncDirectory(target.getParent());
        }
        return deleted;
    }

    @Override
    public int sweepAbandonedWrites(Duration age) throws IOException {
        Instant cutoff = Instant.now().minus(age);
        int removed = 0;
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(temp, "*" + TEMP_SUFFIX)) {
            for (Path part : parts) {
                try {
                    if (Files.getLastModifiedTime(part).toInstant().isBefore(cutoff) && Files.deleteIfExists(part)) {
                        removed++;
                    }
                } catch (NoSuchFileException e) {
                    // finished or removed meanwhile
                }
            }
        }
        return removed;
    }

    /** {@code sha256/ab/cd/abcd…}: two levels of 256 directories keep each directory small. */
    Path path(ContentHash hash) {
        String hex = hash.hex();
        return blobs.resolve(hex.substring(0, 2)).resolve(hex.substring(2, 4)).resolve(hex);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
