package dev.nubo.media.api;

import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;

/**
 * Thumbnails of images in three sizes, made once per content (copies and identical files share them), in the
 * background after an upload or at the first request, whichever comes first; a burst of requests for one missing
 * thumbnail makes it once.
 */
public interface Thumbnails {
    /** The types Nubo renders: JPEG, PNG, GIF (its first frame) and WebP. HEIC has no maintained pure-Java decoder. */
    java.util.Set<String> RENDERED_TYPES = java.util.Set.of("image/jpeg", "image/png", "image/gif", "image/webp");

    /** Whether files of this type get thumbnails; cheap, for listings. */
    static boolean rendered(String mimeType) {
        return mimeType != null && RENDERED_TYPES.contains(mimeType);
    }

    /** A stored thumbnail: its file, type, and an entity tag that never changes for it. */
    record Found(Path file, String mimeType, String etag) {}

    /**
     * The thumbnail of a file the caller may read (404 for anything else, as for a missing item); empty when the
     * file has none: not an image of a supported type, or one that cannot be decoded or is too large to decode.
     */
    Optional<Found> of(UUID caller, long nodeId, ThumbnailSize size);

    /** Whether files of this type can have thumbnails. */
    boolean offers(String mimeType);
}
