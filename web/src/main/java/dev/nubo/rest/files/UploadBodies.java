package dev.nubo.rest.files;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.storage.api.ContentHash;
import jakarta.servlet.http.HttpServletRequest;
import java.io.EOFException;
import java.io.IOException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/** What an upload request declares about its body, read and validated from the headers. */
final class UploadBodies {
    static final String SHA256_HEADER = "X-Content-SHA256";
    static final String MTIME_HEADER = "X-Modified-At";

    private UploadBodies() {}

    static Optional<Long> declaredLength(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return length >= 0 ? Optional.of(length) : Optional.empty();
    }

    static Optional<ContentHash> sha256(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ContentHash(header.strip().toLowerCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw NuboException.invalid(SHA256_HEADER + " must be 64 hex digits");
        }
    }

    /** Unix seconds, as Nextcloud's X-OC-MTime. */
    static Optional<Instant> modifiedAt(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        try {
            long seconds = Long.parseLong(header.strip());
            if (seconds < 0 || seconds > 253402300799L) {
                throw new NumberFormatException();
            }
            return Optional.of(Instant.ofEpochSecond(seconds));
        } catch (NumberFormatException e) {
            throw NuboException.invalid(MTIME_HEADER + " must be Unix seconds");
        }
    }

    /** A body that broke off: the client went away or sent less than it said. Nothing was kept. */
    static NuboException interrupted(IOException e) {
        return new NuboException(
                ErrorKind.INVALID,
                "upload_interrupted",
                "the request body ended before it was complete"
                        + (e instanceof EOFException ? "" : " (" + e.getClass().getSimpleName() + ")"));
    }
}
