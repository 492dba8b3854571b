package dev.nubo.media.api;

import java.util.List;

/**
 * Files' contents that were just written or moved and have been indexed: what they say about themselves (sizes,
 * durations, EXIF) and their thumbnails can be worked out now, in the background.
 */
public record ContentSeen(List<Content> contents) {
    /** A content by its SHA-256 (hex) and the MIME type its file has. */
    public record Content(String hash, String mimeType) {}
}
