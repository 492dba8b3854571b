package dev.nubo.rest.files;

import dev.nubo.files.api.BatchResult;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.FolderEntry;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.RecentItems;
import dev.nubo.files.api.StorageUsage;
import dev.nubo.files.api.UploadSessions;
import dev.nubo.media.api.MediaFacts;
import dev.nubo.media.api.MediaInfo;
import dev.nubo.media.api.MimeCategory;
import dev.nubo.trash.api.TrashItem;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the files API. */
public final class FilesJson {
    private FilesJson() {}

    @Schema(
            name = "Node",
            description = "A file or folder. id is stable for the item's life; type is file or folder; a folder's"
                    + " size is the sum of the files beneath it; etag changes with a file's content and with"
                    + " anything beneath a folder; sha256 is the content's hex SHA-256 (absent for folders);"
                    + " parentId is absent for the root; mimeCategory is folder, image, audio, video, pdf, text,"
                    + " document, spreadsheet, presentation, archive or other; media is what the content says about"
                    + " itself, once it has been read (absent before, and for folders).",
            requiredProperties = {"name", "type", "etag", "createdAt", "modifiedAt", "mimeCategory"})
    public record Node(
            long id,

            Long parentId,

            String name,
            String type,

            long size,

            String mimeType,

            String etag,

            OffsetDateTime createdAt,
            OffsetDateTime modifiedAt,

            String sha256,

            String mimeCategory,

            Media media) {
        public static Node of(NodeView n) {
            return of(n, null);
        }

        public static Node of(NodeView n, MediaFacts.Facts facts) {
            return new Node(
                    n.id(),
                    n.parentId(),
                    n.name(),
                    n.folder() ? "folder" : "file",
                    n.size(),
                    n.mimeType(),
                    n.etag(),
                    n.createdAt(),
                    n.modifiedAt(),
                    n.contentHash(),
                    n.folder() ? "folder" : MimeCategory.of(n.mimeType()),
                    facts == null ? null : Media.of(facts));
        }

        /** Nodes with their media facts, read in one query for the whole list. */
        public static List<Node> of(List<NodeView> nodes, MediaFacts media) {
            java.util.Map<String, MediaFacts.Facts> facts = media.of(nodes.stream()
                    .map(NodeView::contentHash)
                    .filter(java.util.Objects::nonNull)
                    .toList());
            return nodes.stream()
                    .map(n -> of(n, n.contentHash() == null ? null : facts.get(n.contentHash())))
                    .toList();
        }
    }

    @Schema(
            description = "What a file's content says about itself: image size in pixels (as displayed, EXIF"
                    + " orientation applied), duration of audio and video in milliseconds, whether thumbnails exist;"
                    + " for photos the time taken as the camera recorded it (local time, with its UTC offset when"
                    + " the camera gave one), the camera, and the GPS position in decimal degrees. Absent fields are"
                    + " unknown.")
    public record Media(
            Integer width,
            Integer height,
            Long durationMs,
            boolean thumbnail,
            String takenAt,
            String takenAtOffset,
            String cameraMake,
            String cameraModel,
            Double latitude,
            Double longitude) {
        static Media of(MediaFacts.Facts f) {
            MediaInfo i = f.info();
            return new Media(
                    i.width(),
                    i.height(),
                    i.durationMs(),
                    f.thumbnail(),
                    i.takenAt() == null ? null : i.takenAt().toString(),
                    i.takenAtOffset() == null ? null : i.takenAtOffset().getId(),
                    i.cameraMake(),
                    i.cameraModel(),
                    i.latitude(),
                    i.longitude());
        }
    }

    @Schema(description = "A search result: the item, its location from the root, and its relevance score")
    public record SearchHit(Node node, String path, float score) {}

    public record SearchPage(long total, int offset, int limit, List<SearchHit> items) {}

    public record Suggestions(List<SearchHit> items) {}

    public record NodeWithPath(Node node, String path) {}

    public record Listing(List<Node> entries, String next) {}

    public record NewFolder(String name) {}

    @Schema(description = "Rename and/or move; absent fields stay as they are. conflict: fail, keep-both, overwrite")
    public record Change(String name, Long parentId, String conflict) {}

    public record CopyRequest(Long parentId, String name, String conflict) {}

    @Schema(description = "One action (move, copy, delete) on many items; move and copy need targetId")
    public record BatchRequest(String action, List<Long> ids, Long targetId, String conflict) {}

    public record BatchItem(long id, Node node, String error, String message) {
        public static BatchItem of(BatchResult r) {
            return new BatchItem(
                    r.id(),
                    r.node().map(Node::of).orElse(null),
                    r.error().orElse(null),
                    r.message().orElse(null));
        }
    }

    public record BatchResponse(List<BatchItem> results, int succeeded, int failed) {}

    public record Folder(long id, String name, String etag, boolean hasSubfolders) {
        public static Folder of(FolderEntry f) {
            return new Folder(f.id(), f.name(), f.etag(), f.hasSubfolders());
        }
    }

    /** One breadcrumb of GET /api/files/{id}/ancestors. */
    public record Ancestor(long id, String name) {
        public static Ancestor of(FileTree.Ancestor a) {
            return new Ancestor(a.id(), a.name());
        }
    }

    /** The optional body of POST /api/uploads/{id}/complete: a conflict mode replacing the session's. */
    public record CompleteRequest(String conflict) {}

    public record UploadItem(String name, Node node, String error, String message) {}

    public record UploadResponse(List<UploadItem> files, int succeeded, int failed) {}

    public record Usage(long usedBytes, Long quotaBytes, Long freeBytes, long trashBytes, long files, long folders) {
        public static Usage of(StorageUsage u) {
            return new Usage(
                    u.usedBytes(),
                    u.quotaBytes(),
                    u.quotaBytes() == null ? null : Math.max(0, u.quotaBytes() - u.usedBytes()),
                    u.trashBytes(),
                    u.files(),
                    u.folders());
        }
    }

    public record TrashEntry(Node node, String originalPath, OffsetDateTime trashedAt) {
        public static TrashEntry of(TrashItem t) {
            return new TrashEntry(Node.of(t.node()), t.originalPath(), t.trashedAt());
        }
    }

    public record TrashPage(List<TrashEntry> items, String next) {}

    public record RecentEntry(Node node, String action, OffsetDateTime at) {
        public static RecentEntry of(RecentItems.Recent r) {
            return new RecentEntry(Node.of(r.node()), r.action(), r.at());
        }
    }

    @Schema(description = "size is the total in bytes; sha256 (hex, optional) is verified on completion")
    public record NewUpload(Long parentId, String name, Long size, String sha256, String conflict) {}

    @Schema(description = "A resumable upload; offset is the number of bytes received, where the next chunk goes")
    public record Upload(UUID id, long parentId, String name, long size, long offset, String conflict, String sha256) {

        public static Upload of(UploadSessions.Session s) {
            return new Upload(
                    s.id(),
                    s.parentId(),
                    s.name(),
                    s.totalSize(),
                    s.offset(),
                    s.conflict().wire(),
                    s.sha256().orElse(null));
        }
    }
}
