package dev.nubo.files.service;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.FileAccess.Need;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.infra.SqlArchive;
import dev.nubo.files.infra.SqlNodeWriter;
import dev.nubo.files.infra.SqlRecentItems;
import dev.nubo.files.infra.TikaMimeTypes;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.BlobTooLargeException;
import dev.nubo.storage.api.ChecksumMismatchException;
import dev.nubo.storage.api.ContentHash;
import dev.nubo.storage.api.StagedBlob;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Uploads and downloads. The body streams into a staged blob with no transaction open (a slow client holds no
 * lock and no connection), bounded by what the quota still allows; then {@link SqlNodeWriter} commits it with no
 * lock held longer than one statement.
 */
@ApplicationScoped
public class FileContentBean implements FileContent {
    @Inject
    FileAccess access;

    @Inject
    BlobStore store;

    @Inject
    SqlNodeWriter writer;

    @Inject
    SqlRecentItems recent;

    @Inject
    SqlArchive archive;

    @Override
    public NodeView upload(Upload u, InputStream body) throws IOException {
        FileAccess.Writable parent = writer.writableFolder(u.caller(), u.parentId());
        long room = parent.room();
        if (u.conflict() == ConflictMode.OVERWRITE) {
            room = saturatedAdd(room, existingFileSize(u));
        }
        try (StagedBlob staged = stage(body, room, u.declaredLength(), u.sha256())) {
            return writer.commitNew(
                    u.caller(),
                    parent,
                    u.name(),
                    u.conflict(),
                    staged,
                    TikaMimeTypes.forName(u.name().value()),
                    u.modifiedAt());
        }
    }

    @Override
    public NodeView replace(
            UUID caller,
            long fileId,
            Optional<String> ifMatch,
            Optional<Long> declaredLength,
            Optional<ContentHash> sha256,
            InputStream body)
            throws IOException {
        return replace(caller, fileId, ifMatch, declaredLength, sha256, Optional.empty(), body);
    }

    @Override
    public NodeView replace(
            UUID caller,
            long fileId,
            Optional<String> ifMatch,
            Optional<Long> declaredLength,
            Optional<ContentHash> sha256,
            Optional<Instant> modifiedAt,
            InputStream body)
            throws IOException {
        FileAccess.Writable target = access.requireWritable(caller, fileId);
        NodeView file = target.node();
        if (file.folder()) {
            throw NuboException.conflict("is_a_folder", "'" + file.name() + "' is a folder");
        }
        if (ifMatch.isPresent() && !ifMatch.get().equals("*") && !ifMatch.get().equals(file.etag())) {
            throw new NuboException(ErrorKind.PRECONDITION_FAILED, "etag_mismatch", "the file changed meanwhile");
        }
        long room = saturatedAdd(target.room(), file.size());
        try (StagedBlob staged = stage(body, room, declaredLength, sha256)) {
            return writer.commitReplace(caller, target, ifMatch, staged, modifiedAt);
        }
    }

    /** Staged content, or the 4xx/507 that explains why not; a failure leaves nothing behind. */
    public StagedBlob stage(InputStream body, long room, Optional<Long> declared, Optional<ContentHash> sha256)
            throws IOException {
        if (declared.isPresent() && declared.get() > room) {
            throw quotaExceeded();
        }
        long limit = declared.map(d -> Math.min(d, room)).orElse(room);
        StagedBlob staged;
        try {
            staged = store.stage(body, limit, sha256);
        } catch (BlobTooLargeException e) {
            throw declared.isPresent() && declared.get() <= room
                    ? new NuboException(ErrorKind.INVALID, "length_mismatch", "the body is longer than declared")
                    : quotaExceeded();
        } catch (ChecksumMismatchException e) {
            throw new NuboException(ErrorKind.INVALID, "checksum_mismatch", e.getMessage());
        }
        if (declared.isPresent() && staged.size() != declared.get()) {
            staged.close();
            throw new NuboException(
                    ErrorKind.INVALID,
                    "length_mismatch",
                    "the body has " + staged.size() + " bytes, " + declared.get() + " were declared");
        }
        return staged;
    }

    /** Bytes the owner may still add (unlimited = Long.MAX_VALUE); the commit's hold checks it atomically. */
    public long room(UUID owner) {
        return archive.room(owner);
    }

    private long existingFileSize(Upload u) {
        return archive.liveFileSize(u.parentId(), u.name().value());
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    static NuboException quotaExceeded() {
        return new NuboException(
                ErrorKind.INSUFFICIENT_STORAGE, "quota_exceeded", "not enough storage space left for this upload");
    }

    @Override
    public Opened open(UUID caller, long fileId) throws IOException {
        return open(caller, fileId, true);
    }

    @Override
    public Opened open(UUID caller, long fileId, boolean recordRecent) throws IOException {
        NodeView file = access.require(caller, fileId, Need.READ);
        Opened opened = openBlob(file);
        if (recordRecent) {
            recent.touch(caller, fileId, "opened");
        }
        return opened;
    }

    @Override
    public Opened open(UUID caller, FileTree.Resolved resolved) throws IOException {
        return openBlob(resolved.node());
    }

    private Opened openBlob(NodeView file) throws IOException {
        if (file.folder()) {
            throw NuboException.conflict("is_a_folder", "'" + file.name() + "' is a folder; download it as a ZIP");
        }
        ContentHash hash = new ContentHash(file.contentHash());
        FileChannel channel = store.open(hash)
                .orElseThrow(() -> new IllegalStateException("blob of node " + file.id() + " is missing"));
        return new Opened(file, channel, store.localFile(hash));
    }

    @Override
    public List<ArchiveEntry> archiveEntries(UUID caller, List<Long> nodeIds) {
        if (nodeIds.isEmpty() || nodeIds.size() > FileTree.MAX_BATCH) {
            throw NuboException.invalid("give between 1 and " + FileTree.MAX_BATCH + " items");
        }
        for (long id : nodeIds) {
            access.require(caller, id, Need.READ);
        }
        return archive.entries(nodeIds);
    }

    @Override
    public Optional<FileChannel> openBlob(ContentHash hash) throws IOException {
        return store.open(hash);
    }
}
