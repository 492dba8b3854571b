package dev.nubo.media.api;

/** Not an image this server can decode: an unsupported format, or corrupt or truncated data. */
public class UnsupportedImageException extends MediaException {
    private static final long serialVersionUID = 1L;

    public UnsupportedImageException(String message) {
        super(message);
    }

    public UnsupportedImageException(String message, Throwable cause) {
        super(message, cause);
    }
}
