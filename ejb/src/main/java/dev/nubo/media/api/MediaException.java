package dev.nubo.media.api;

/** Media content could not be turned into what was asked; the subclass says why. */
public class MediaException extends Exception {
    private static final long serialVersionUID = 1L;

    public MediaException(String message) {
        super(message);
    }

    public MediaException(String message, Throwable cause) {
        super(message, cause);
    }
}
