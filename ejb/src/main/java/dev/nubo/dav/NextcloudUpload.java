package dev.nubo.dav;

import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;

/**
 * What a Nextcloud client says about a PUT beyond the body: the file's mtime (X-OC-MTime, Unix seconds,
 * possibly with a fraction) and a checksum (OC-Checksum; only SHA256 is verified, the other types the clients
 * send — SHA1, MD5, Adler32 — are not computed and so ignored).
 */
record NextcloudUpload(
        Optional<java.time.Instant> modifiedAt, Optional<dev.nubo.storage.api.ContentHash> sha256, boolean nc) {
    static final NextcloudUpload NONE = new NextcloudUpload(Optional.empty(), Optional.empty(), false);

    static NextcloudUpload of(HttpServletRequest req) {
        return new NextcloudUpload(mtime(req.getHeader("X-OC-MTime")), checksum(req.getHeader("OC-Checksum")), true);
    }

    static Optional<java.time.Instant> mtime(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        try {
            java.math.BigDecimal seconds = new java.math.BigDecimal(header.strip());
            if (seconds.signum() <= 0 || seconds.compareTo(java.math.BigDecimal.valueOf(253402300799L)) > 0) {
                throw NuboException.invalid("X-OC-MTime must be a time after 1970 and before 10000");
            }
            long whole = seconds.longValue();
            long nanos = seconds.subtract(java.math.BigDecimal.valueOf(whole))
                    .movePointRight(9)
                    .longValue();
            return Optional.of(java.time.Instant.ofEpochSecond(whole, nanos));
        } catch (NumberFormatException e) {
            throw NuboException.invalid("X-OC-MTime must be Unix seconds");
        }
    }

    static Optional<dev.nubo.storage.api.ContentHash> checksum(String header) {
        if (header == null) {
            return Optional.empty();
        }
        for (String one : header.strip().split("\\s+")) {
            int colon = one.indexOf(':');
            if (colon > 0 && one.substring(0, colon).equalsIgnoreCase("SHA256")) {
                String hex = one.substring(colon + 1).toLowerCase(java.util.Locale.ROOT);
                if (!hex.matches("[0-9a-f]{64}")) {
                    throw NuboException.invalid("OC-Checksum SHA256 must be 64 hex digits");
                }
                return Optional.of(new dev.nubo.storage.api.ContentHash(hex));
            }
        }
        return Optional.empty();
    }

    /** The headers a Nextcloud client reads from a write's answer. */
    void answer(NodeView node, HttpServletResponse res) {
        if (!nc) {
            return;
        }
        res.setHeader("OC-ETag", "\"" + node.etag() + "\"");
        res.setHeader("OC-FileId", NextcloudProperties.ocId(node.id()));
        if (modifiedAt.isPresent()) {
            res.setHeader("X-OC-MTime", "accepted");
        }
    }
}
