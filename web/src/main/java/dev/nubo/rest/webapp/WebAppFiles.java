package dev.nubo.rest.webapp;

import dev.nubo.platform.web.WebAppPaths;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The web app's files as this WAR holds them, read through the servlet context (an exploded directory or an
 * archive alike). Each file's length and strong entity tag (its SHA-256) are computed once: the files change only
 * with a new deployment, which makes a new instance.
 */
final class WebAppFiles {
    /** A file of the WAR: its resource path, media type (the original's for a compressed sibling), length, ETag. */
    record File(String resource, String mediaType, long length, String etag) {}

    private final ServletContext context;
    private final ConcurrentMap<String, Optional<File>> known = new ConcurrentHashMap<>();

    WebAppFiles(ServletContext context) {
        this.context = context;
    }

    /** The file, if the WAR holds it; misses are not remembered, so requests for made-up names cannot fill memory. */
    Optional<File> find(String resource) {
        Optional<File> file = known.get(resource);
        if (file == null) {
            file = read(resource);
            file.ifPresent(f -> known.put(resource, Optional.of(f)));
        }
        return file;
    }

    InputStream open(File file) throws IOException {
        InputStream in = context.getResourceAsStream(file.resource());
        if (in == null) {
            throw new IOException("the web app's file " + file.resource() + " disappeared");
        }
        return in;
    }

    private Optional<File> read(String resource) {
        // a folder is not a file (its listing must never be sent); an empty one has no stream either
        Set<String> children = context.getResourcePaths(resource);
        if (children != null && !children.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = context.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            long length = 0;
            int n;
            while ((n = in.read(buffer)) >= 0) {
                sha256.update(buffer, 0, n);
                length += n;
            }
            String etag = "\"" + HexFormat.of().formatHex(sha256.digest(), 0, 16) + "\"";
            String type = WebAppPaths.mediaType(resource)
                    .or(() -> Optional.ofNullable(context.getMimeType(resource)))
                    .orElse("application/octet-stream");
            return Optional.of(new File(resource, type, length, etag));
        } catch (IOException e) {
            // a folder in some containers: nothing to send
            return Optional.empty();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
