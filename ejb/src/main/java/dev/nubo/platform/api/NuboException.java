package dev.nubo.platform.api;

import jakarta.ejb.ApplicationException;
import java.time.Duration;
import java.util.Optional;

/**
 * The one service-level error: a kind, a stable machine code (snake_case) and a message fit for the user. It rolls
 * back the surrounding transaction, so a failed operation never leaves a partial row.
 */
@ApplicationException(rollback = true)
public class NuboException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorKind kind;
    private final String code;
    private final transient Duration retryAfter;

    public NuboException(ErrorKind kind, String code, String message) {
        this(kind, code, message, null);
    }

    public NuboException(ErrorKind kind, String code, String message, Duration retryAfter) {
        super(message, null, false, false);
        this.kind = kind;
        this.code = code;
        this.retryAfter = retryAfter;
    }

    public static NuboException invalid(String message) {
        return new NuboException(ErrorKind.INVALID, "invalid_request", message);
    }

    public static NuboException notFound(String what) {
        return new NuboException(ErrorKind.NOT_FOUND, "not_found", what + " not found");
    }

    public static NuboException conflict(String code, String message) {
        return new NuboException(ErrorKind.CONFLICT, code, message);
    }

    public static NuboException forbidden(String message) {
        return new NuboException(ErrorKind.FORBIDDEN, "forbidden", message);
    }

    public static NuboException unauthenticated(String code, String message) {
        return new NuboException(ErrorKind.UNAUTHENTICATED, code, message);
    }

    public ErrorKind kind() {
        return kind;
    }

    public String code() {
        return code;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
