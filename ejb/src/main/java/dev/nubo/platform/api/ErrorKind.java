package dev.nubo.platform.api;

/** What went wrong, independent of the surface; each surface maps a kind to its own status codes. */
public enum ErrorKind {
    INVALID(400),
    UNAUTHENTICATED(401),
    FORBIDDEN(403),
    NOT_FOUND(404),
    CONFLICT(409),
    PRECONDITION_FAILED(412),
    TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    THROTTLED(429),
    INSUFFICIENT_STORAGE(507),
    UNAVAILABLE(503);

    private final int httpStatus;

    ErrorKind(int httpStatus) {
        this.httpStatus = httpStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }
}
