package dev.nubo.media.api;

/**
 * The image's header declares more pixels than the limit (a decompression bomb, or simply too big to preview); refused
 * before any pixel was decoded.
 */
public class ImageTooLargeException extends MediaException {
    private static final long serialVersionUID = 1L;

    private final long pixels;
    private final long maxPixels;

    public ImageTooLargeException(long width, long height, long maxPixels) {
        super("image of " + width + "x" + height + " pixels exceeds the limit of " + maxPixels + " pixels");
        this.pixels = width * height;
        this.maxPixels = maxPixels;
    }

    /** The pixel count the header declared. */
    public long pixels() {
        return pixels;
    }

    public long maxPixels() {
        return maxPixels;
    }
}
