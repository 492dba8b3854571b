package dev.nubo.files.service;

import static dev.nubo.platform.db.SqlValues.time;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.UploadSessions;
import dev.nubo.files.infra.SqlNodeWriter;
import dev.nubo.files.infra.SqlUploadSessions;
import dev.nubo.files.infra.TikaMimeTypes;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.ChecksumMismatchException;
import dev.nubo.storage.api.ContentHash;
import dev.nubo.storage.api.StagedBlob;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Resumable uploads. The bytes received so far are a file named after the session in the blob store's scratch
 * area; its length, after each chunk is fsync'ed, is the offset the client resumes from — so a dropped connection
 * loses nothing that was written, and no per-chunk bookkeeping can disagree with the disk. A chunk holds an OS file
 * lock, so two connections can never append to one session at once.
 */
@ApplicationScoped
public class UploadSessionsBean implements UploadSessions {
    static final String SCRATCH = "uploads";
    static final String SUFFIX = ".upload";

    @Inject
    SqlUploadSessions rows;

    @Inject
    FileAccess access;

    @Inject
    BlobStore store;

    @Inject
    SqlNodeWriter writer;

    @Inject
    FileContentBean content;

    @Override
    public Session create(
            UUID caller,
            long parentId,
            NodeName name,
            long totalSize,
            Optional<ContentHash> sha256,
            ConflictMode mode) {
        access.requireFolder(caller, parentId, Need.WRITE);
        if (totalSize < 0) {
            throw NuboException.invalid("size must not be negative");
        }
        if (totalSize > content.room(access.ownerOf(parentId)) && mode != ConflictMode.OVERWRITE) {
            throw FileContentBean.quotaExceeded();
        }
        UUID id = UUID.randomUUID();
        try {
            Files.createFile(file(id));
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the upload file", e);
        }
        rows.insert(id, caller, parentId, name.value(), totalSize, sha256, mode);
        return new Session(id, parentId, name.value(), totalSize, 0, mode, sha256.map(ContentHash::hex), null);
    }

    @Override
    public Session get(UUID caller, UUID sessionId) throws IOException {
        return load(caller, sessionId);
    }

    @Override
    public long append(UUID caller, UUID sessionId, long offset, InputStream chunk) throws IOException {
        Session s = load(caller, sessionId);
        try (FileChannel out = FileChannel.open(file(sessionId), StandardOpenOption.WRITE);
                FileLock lock = tryLock(out)) {
            long have = out.size();
            if (offset != have) {
                throw new NuboException(
                        ErrorKind.CONFLICT,
                        "offset_mismatch",
                        "the upload has " + have + " bytes; send the chunk at offset " + have);
            }
            out.position(have);
            byte[] buffer = new byte[64 * 1024];
            ByteBuffer wrapped = ByteBuffer.wrap(buffer);
            long room = s.totalSize() - have;
            try {
                int n;
                while ((n = chunk.read(buffer)) >= 0) {
                    if (n > room) {
                        out.truncate(have);
                        throw new NuboException(
                                ErrorKind.INVALID,
                                "beyond_declared_size",
                                "the upload was declared with " + s.totalSize() + " bytes");
                    }
                    room -= n;
                    wrapped.clear().limit(n);
                    while (wrapped.hasRemaining()) {
                        out.write(wrapped);
                    }
                }
            } finally {
                // what arrived before a disconnect is kept, durably; the offset reports it
                out.force(false);
                rows.touch(sessionId);
            }
            return out.size();
        } catch (NoSuchFileException e) {
            throw NuboException.notFound("upload");
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return lock;
            }
        } catch (OverlappingFileLockException e) {
            // held by another request of this process
        }
        throw NuboException.conflict("upload_busy", "another request is sending data to this upload");
    }

    @Override
    public NodeView complete(UUID caller, UUID sessionId, Optional<ConflictMode> override) throws IOException {
        Session s = load(caller, sessionId);
        if (s.offset() != s.totalSize()) {
            throw NuboException.conflict(
                    "upload_incomplete", "the upload has " + s.offset() + " of " + s.totalSize() + " bytes");
        }
        ConflictMode conflict = override.orElse(s.conflict());
        NodeName name = new NodeName(s.name());
        // before the bytes leave the session's file: a refused name leaves the upload ready for another mode
        writer.checkName(s.parentId(), name, conflict);
        StagedBlob staged;
        try {
            staged = store.adopt(file(sessionId), s.sha256().map(ContentHash::new));
        } catch (ChecksumMismatchException e) {
            removeSession(sessionId);
            throw new NuboException(
                    ErrorKind.INVALID, "checksum_mismatch", e.getMessage() + "; start the upload again");
        } catch (NoSuchFileException e) {
            throw NuboException.notFound("upload");
        }
        try (staged) {
            NodeView node = writer.commitNew(
                    caller,
                    writer.writableFolder(caller, s.parentId()),
                    name,
                    conflict,
                    staged,
                    TikaMimeTypes.forName(name.value()),
                    Optional.<Instant>empty());
            removeSession(sessionId);
            return node;
        } catch (RuntimeException e) {
            // the bytes are in the staged file, which closing discards: the session cannot be completed again
            removeSession(sessionId);
            throw e;
        }
    }

    @Override
    public void cancel(UUID caller, UUID sessionId) throws IOException {
        load(caller, sessionId);
        removeSession(sessionId);
        Files.deleteIfExists(file(sessionId));
    }

    private void removeSession(UUID sessionId) {
        rows.delete(sessionId);
    }

    @Override
    public int removeStale(Duration idleLimit) throws IOException {
        List<UUID> stale = rows.deleteIdle(idleLimit);
        for (UUID id : stale) {
            Files.deleteIfExists(file(id));
        }
        // files whose session row is gone (a crash between the two deletes) once they are as old as the limit
        Set<String> live = rows.liveIds();
        Instant cutoff = Instant.now().minus(idleLimit);
        int removed = stale.size();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(store.scratchDirectory(SCRATCH), "*" + SUFFIX)) {
            for (Path f : files) {
                String id = f.getFileName().toString().replace(SUFFIX, "");
                if (!live.contains(id)
                        && Files.getLastModifiedTime(f).toInstant().isBefore(cutoff)) {
                    Files.deleteIfExists(f);
                    removed++;
                }
            }
        }
        return removed;
    }

    private Session load(UUID caller, UUID sessionId) throws IOException {
        Object[] r = rows.find(sessionId, caller).orElseThrow(() -> NuboException.notFound("upload"));
        long offset;
        try {
            offset = Files.size(file(sessionId));
        } catch (NoSuchFileException e) {
            throw NuboException.notFound("upload");
        }
        return new Session(
                sessionId,
                ((Number) r[0]).longValue(),
                (String) r[1],
                ((Number) r[2]).longValue(),
                offset,
                ConflictMode.parse((String) r[3]),
                Optional.ofNullable(r[4]).map(h -> String.valueOf(h).trim()),
                time(r[5]));
    }

    private Path file(UUID sessionId) throws IOException {
        return store.scratchDirectory(SCRATCH).resolve(sessionId + SUFFIX);
    }
}
