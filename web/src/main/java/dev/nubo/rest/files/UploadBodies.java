package dev.nubo.rest.files;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import dev.nubo.rest.JsonBodies;
import dev.nubo.storage.api.ContentHash;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    /**
     * The optional body of completing a resumable upload: none, {@code {}} or {@code {"conflict": null}} keep the
     * session's mode; {@code {"conflict": "fail"|"keep-both"|"overwrite"}} replaces it; anything else is a 400.
     */
    static Optional<ConflictMode> completeConflict(String body) {
        Optional<JsonObject> object = JsonBodies.optionalObject(body);
        if (object.isEmpty()) {
            return Optional.empty();
        }
        for (String key : object.get().keySet()) {
            if (!key.equals("conflict")) {
                throw NuboException.invalid("unknown field '" + key + "'; allowed: conflict");
            }
        }
        JsonValue value = object.get().get("conflict");
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (!(value instanceof JsonString mode) || mode.getString().isBlank()) {
            throw NuboException.invalid("conflict must be fail, keep-both or overwrite");
        }
        return Optional.of(ConflictMode.parse(mode.getString()));
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

    /** The first value of a parameter in a raw query string, still percent-encoded; null when absent. */
    static String rawQueryValue(String query, String parameter) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&", -1)) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (key.equals(parameter)) {
                return eq < 0 ? "" : pair.substring(eq + 1);
            }
        }
        return null;
    }

    /**
     * A query parameter value as sent (percent-encoded), decoded strictly: '+' is a space, every '%' must start an
     * escape of two hex digits, and the bytes must be valid UTF-8. The lenient default decoding would turn invalid
     * bytes into U+FFFD and silently store a name the client never sent.
     */
    static String decodeQueryValue(String encoded) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); ) {
            char c = encoded.charAt(i);
            if (c == '%') {
                int hi = i + 2 < encoded.length() ? Character.digit(encoded.charAt(i + 1), 16) : -1;
                int lo = hi < 0 ? -1 : Character.digit(encoded.charAt(i + 2), 16);
                if (lo < 0) {
                    throw NuboException.invalid("the name is not properly percent-encoded");
                }
                bytes.write(hi * 16 + lo);
                i += 3;
            } else if (c == '+') {
                bytes.write(' ');
                i++;
            } else {
                int end = i;
                while (end < encoded.length() && encoded.charAt(end) != '%' && encoded.charAt(end) != '+') {
                    end++;
                }
                bytes.writeBytes(encoded.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        return Payloads.strictUtf8(bytes.toByteArray(), "name");
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
