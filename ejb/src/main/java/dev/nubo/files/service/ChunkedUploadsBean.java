package dev.nubo.files.service;

import dev.nubo.files.api.ChunkedUploads;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.io.DurableFiles;
import dev.nubo.storage.api.BlobStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Chunked uploads on disk, in the blob store's scratch area: one directory per caller and transfer, one file per
 * chunk. A chunk is written to a hidden temporary file, fsync'ed, then renamed over its name and the directory
 * fsync'ed, so a listing shows only whole chunks and a crash after the answer loses none. The transfer directory's
 * mtime is its last activity, which the purge of abandoned transfers reads.
 */
@ApplicationScoped
public class ChunkedUploadsBean implements ChunkedUploads {
    static final String SCRATCH = "nc-chunks";
    private static final Pattern TRANSFER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final Pattern CHUNK = Pattern.compile("[0-9]{1,20}");
    private static final String TEMP_PREFIX = ".";

    @Inject
    BlobStore store;

    @Inject
    FileContentBean content;

    @Override
    public void create(UUID caller, String transferId, Optional<Long> totalLength) {
        checkTotal(caller, totalLength, 0);
        try {
            Path user = Files.createDirectories(userDir(caller));
            Files.createDirectory(user.resolve(transferId(transferId)));
            DurableFiles.fsyncDirectory(user);
        } catch (FileAlreadyExistsException e) {
            throw new NuboException(ErrorKind.CONFLICT, "transfer_exists", "the transfer exists already");
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the transfer folder", e);
        }
    }

    @Override
    public boolean exists(UUID caller, String transferId) {
        try {
            return Files.isDirectory(userDir(caller).resolve(transferId(transferId)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public List<Transfer> transfers(UUID caller) throws IOException {
        Path user = userDir(caller);
        List<Transfer> found = new ArrayList<>();
        if (!Files.isDirectory(user)) {
            return found;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(user, Files::isDirectory)) {
            for (Path d : dirs) {
                found.add(new Transfer(
                        d.getFileName().toString(), Files.getLastModifiedTime(d).toInstant()));
            }
        }
        found.sort(Comparator.comparing(Transfer::id));
        return found;
    }

    @Override
    public Chunk putChunk(
            UUID caller,
            String transferId,
            String chunkName,
            InputStream body,
            Optional<Long> declaredLength,
            Optional<Long> totalLength)
            throws IOException {
        Path dir = transfer(caller, transferId);
        String name = chunkName(chunkName);
        long others = 0;
        for (Chunk c : chunks(dir)) {
            if (!c.name().equals(name)) {
                others += c.size();
            }
        }
        checkTotal(caller, totalLength, 0);
        long room = content.room(caller);
        long limit = room == Long.MAX_VALUE ? Long.MAX_VALUE : room - others;
        if (declaredLength.isPresent() && declaredLength.get() > limit) {
            throw FileContentBean.quotaExceeded();
        }
        Path temp = dir.resolve(TEMP_PREFIX + UUID.randomUUID() + ".part");
        boolean done = false;
        try {
            long written;
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                written = copy(
                        body,
                        Channels.newOutputStream(out),
                        declaredLength.map(d -> Math.min(d, limit)).orElse(limit));
                if (written < 0) {
                    throw declaredLength.isPresent() && declaredLength.get() <= limit
                            ? new NuboException(
                                    ErrorKind.INVALID, "length_mismatch", "the chunk is longer than declared")
                            : FileContentBean.quotaExceeded();
                }
                if (declaredLength.isPresent() && written != declaredLength.get()) {
                    throw new NuboException(
                            ErrorKind.INVALID,
                            "length_mismatch",
                            "the chunk has " + written + " bytes, " + declaredLength.get() + " were declared");
                }
                out.force(true);
            }
            Path target = dir.resolve(name);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            done = true;
            Instant now = Instant.now();
            Files.setLastModifiedTime(dir, FileTime.from(now));
            DurableFiles.fsyncDirectory(dir);
            return new Chunk(name, written, now);
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** Copies at most {@code limit} bytes; -1 when the body holds more. */
    private static long copy(InputStream in, OutputStream out, long limit) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) >= 0) {
            total += n;
            if (total > limit) {
                return -1;
            }
            out.write(buffer, 0, n);
        }
        return total;
    }

    @Override
    public List<Chunk> chunks(UUID caller, String transferId) throws IOException {
        return chunks(transfer(caller, transferId));
    }

    private static List<Chunk> chunks(Path dir) throws IOException {
        List<Chunk> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (CHUNK.matcher(name).matches()) {
                    found.add(new Chunk(
                            name, Files.size(f), Files.getLastModifiedTime(f).toInstant()));
                }
            }
        } catch (NoSuchFileException e) {
            throw NuboException.notFound("transfer");
        }
        found.sort(Comparator.comparing((Chunk c) -> new java.math.BigInteger(c.name())));
        return found;
    }

    @Override
    public Assembly assemble(UUID caller, String transferId, Optional<Long> totalLength) throws IOException {
        Path dir = transfer(caller, transferId);
        List<Chunk> chunks = chunks(dir);
        long length = chunks.stream().mapToLong(Chunk::size).sum();
        if (totalLength.isPresent() && totalLength.get() != length) {
            throw new NuboException(
                    ErrorKind.INVALID,
                    "length_mismatch",
                    "the chunks hold " + length + " bytes, OC-Total-Length says " + totalLength.get());
        }
        Iterator<Chunk> next = chunks.iterator();
        InputStream body = new SequenceInputStream(new java.util.Enumeration<InputStream>() {
            @Override
            public boolean hasMoreElements() {
                return next.hasNext();
            }

            @Override
            public InputStream nextElement() {
                try {
                    return Files.newInputStream(dir.resolve(next.next().name()));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        return new Assembly(body, length);
    }

    @Override
    public void delete(UUID caller, String transferId) throws IOException {
        deleteTree(transfer(caller, transferId));
    }

    @Override
    public int removeStale(Duration idleLimit) throws IOException {
        Path root = store.scratchDirectory(SCRATCH);
        Instant cutoff = Instant.now().minus(idleLimit);
        int removed = 0;
        try (DirectoryStream<Path> users = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path user : users) {
                try (DirectoryStream<Path> transfers = Files.newDirectoryStream(user, Files::isDirectory)) {
                    for (Path t : transfers) {
                        if (Files.getLastModifiedTime(t).toInstant().isBefore(cutoff)) {
                            deleteTree(t);
                            removed++;
                        }
                    }
                }
            }
        }
        return removed;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
        } catch (NoSuchFileException e) {
            return;
        }
        Files.deleteIfExists(dir);
    }

    private void checkTotal(UUID caller, Optional<Long> totalLength, long already) {
        if (totalLength.isPresent()) {
            if (totalLength.get() < 0) {
                throw NuboException.invalid("OC-Total-Length must be a byte count");
            }
            if (totalLength.get() - already > content.room(caller)) {
                throw FileContentBean.quotaExceeded();
            }
        }
    }

    private Path transfer(UUID caller, String transferId) throws IOException {
        Path dir = userDir(caller).resolve(transferId(transferId));
        if (!Files.isDirectory(dir)) {
            throw NuboException.notFound("transfer");
        }
        return dir;
    }

    private Path userDir(UUID caller) throws IOException {
        return store.scratchDirectory(SCRATCH).resolve(caller.toString());
    }

    private static String transferId(String id) {
        if (id == null || !TRANSFER.matcher(id).matches()) {
            throw NuboException.invalid("a transfer id is 1 to 128 letters, digits, '.', '_' or '-'");
        }
        return id;
    }

    private static String chunkName(String name) {
        if (name == null || !CHUNK.matcher(name).matches()) {
            throw NuboException.invalid("a chunk is named by its number (digits only)");
        }
        return name;
    }
}
