package dev.nubo.media.api;

import java.util.Objects;

/**
 * One rendered preview: JPEG for opaque images, PNG where transparency must survive. Width and height are after EXIF
 * rotation, and at most the size's long side (smaller images keep their own dimensions).
 *
 * @param size the size it was rendered for
 * @param mimeType {@code image/jpeg} or {@code image/png}
 * @param width width in pixels
 * @param height height in pixels
 * @param bytes the encoded image (not copied: treat as read-only)
 */
public record Thumbnail(ThumbnailSize size, String mimeType, int width, int height, byte[] bytes) {
    public static final String JPEG = "image/jpeg";
    public static final String PNG = "image/png";

    public Thumbnail {
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(bytes, "bytes");
        if (!JPEG.equals(mimeType) && !PNG.equals(mimeType)) {
            throw new IllegalArgumentException("a thumbnail is image/jpeg or image/png, not " + mimeType);
        }
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("thumbnail dimensions must be positive: " + width + "x" + height);
        }
    }
}
