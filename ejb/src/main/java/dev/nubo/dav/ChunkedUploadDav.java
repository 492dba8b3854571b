package dev.nubo.dav;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.HttpDate;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.ChunkedUploads;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;

/**
 * The DAV face of {@link ChunkedUploads}, as the Nextcloud clients use it under {@code
 * remote.php/dav/uploads/{user}/}: MKCOL a transfer, PUT numbered chunks into it, PROPFIND it to resume, MOVE its
 * {@code .file} onto the destination to assemble the file, DELETE it to give up.
 */
@ApplicationScoped
public class ChunkedUploadDav {
    static final String ALLOW = "OPTIONS, PROPFIND, MKCOL, PUT, MOVE, DELETE";
    private static final String ASSEMBLE = ".file";

    @Inject
    ChunkedUploads uploads;

    @Inject
    DavEngine engine;

    /**
     * Serves a request below the caller's uploads home.
     *
     * @param home the encoded href of the caller's uploads home, ending in "/"
     * @param rawPath what follows it in the request URI (still encoded)
     * @param filesBase the encoded href of the caller's files root in the same dialect, ending in "/"
     */
    public void serve(
            AuthenticatedUser user,
            String home,
            String rawPath,
            String filesBase,
            HttpServletRequest req,
            HttpServletResponse res)
            throws IOException {
        try {
            List<String> segments = DavPath.segments(rawPath);
            String method = req.getMethod();
            if (method.equals("OPTIONS")) {
                res.setHeader("DAV", "1, 2, 3");
                res.setHeader("Allow", ALLOW);
                res.setStatus(200);
                return;
            }
            switch (segments.size()) {
                case 0 -> home(user, home, req, res);
                case 1 -> transfer(user, home, segments.get(0), req, res);
                case 2 -> chunk(user, home, segments.get(0), segments.get(1), filesBase, req, res);
                default -> DavErrors.error(res, 404, "nothing at this path");
            }
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    private void home(AuthenticatedUser user, String home, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (!req.getMethod().equals("PROPFIND")) {
            notAllowed(res);
            return;
        }
        DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
        boolean children = depth(req, res);
        if (res.isCommitted()) {
            return;
        }
        try (Multistatus ms = open(res)) {
            describe(ms, home, null, asked);
            if (children) {
                for (ChunkedUploads.Transfer t : uploads.transfers(user.userId())) {
                    describe(ms, home + DavPath.encode(t.id()) + "/", new Entry(true, 0, t.touchedAt()), asked);
                }
            }
        }
    }

    private void transfer(
            AuthenticatedUser user, String home, String id, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        String href = home + DavPath.encode(id) + "/";
        switch (req.getMethod()) {
            case "MKCOL" -> {
                if (uploads.exists(user.userId(), id)) {
                    res.setHeader("Allow", ALLOW);
                    DavErrors.error(res, 405, "the transfer exists already");
                    return;
                }
                uploads.create(user.userId(), id, length(req, "OC-Total-Length"));
                res.setHeader("Location", href);
                res.setContentLength(0);
                res.setStatus(201);
            }
            case "PROPFIND" -> {
                DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
                boolean children = depth(req, res);
                if (res.isCommitted()) {
                    return;
                }
                List<ChunkedUploads.Chunk> chunks = uploads.chunks(user.userId(), id);
                try (Multistatus ms = open(res)) {
                    describe(ms, href, null, asked);
                    if (children) {
                        for (ChunkedUploads.Chunk c : chunks) {
                            describe(ms, href + c.name(), new Entry(false, c.size(), c.writtenAt()), asked);
                        }
                    }
                }
            }
            case "DELETE" -> {
                uploads.delete(user.userId(), id);
                res.setStatus(204);
            }
            default -> notAllowed(res);
        }
    }

    private void chunk(
            AuthenticatedUser user,
            String home,
            String id,
            String name,
            String filesBase,
            HttpServletRequest req,
            HttpServletResponse res)
            throws IOException {
        String method = req.getMethod();
        if (name.equals(ASSEMBLE) && method.equals("MOVE")) {
            assemble(user, id, filesBase, req, res);
            return;
        }
        if (!method.equals("PUT")) {
            notAllowed(res);
            return;
        }
        ChunkedUploads.Chunk stored = uploads.putChunk(
                user.userId(),
                id,
                name,
                req.getInputStream(),
                WriteMethods.declaredLength(req),
                length(req, "OC-Total-Length"));
        res.setHeader("ETag", "\"" + etag(stored.size(), stored.writtenAt()) + "\"");
        res.setContentLength(0);
        res.setStatus(201);
    }

    private void assemble(
            AuthenticatedUser user, String id, String filesBase, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        String destination = req.getHeader("Destination");
        if (destination == null) {
            DavErrors.error(res, 400, "MOVE of .file needs a Destination header");
            return;
        }
        String path;
        try {
            path = URI.create(destination.strip()).getRawPath();
        } catch (IllegalArgumentException e) {
            DavErrors.error(res, 400, "the Destination header is not a URI");
            return;
        }
        if (path == null || !path.startsWith(filesBase) || path.length() == filesBase.length()) {
            DavErrors.error(res, 502, "the destination must be a file below " + filesBase);
            return;
        }
        String below = "/" + path.substring(filesBase.length());
        try (ChunkedUploads.Assembly assembly = uploads.assemble(user.userId(), id, length(req, "OC-Total-Length"))) {
            engine.putAssembled(user, filesBase, below, assembly.body(), assembly.length(), req, res);
        }
        if (res.getStatus() < 300) {
            uploads.delete(user.userId(), id);
        }
    }

    private static Optional<Long> length(HttpServletRequest req, String header) {
        return WriteMethods.byteCount(req, header);
    }

    /** True for Depth 1 (the default), false for 0; an answer of 403 for infinity. */
    static boolean depth(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String depth = Optional.ofNullable(req.getHeader("Depth")).orElse("1").strip();
        if (!depth.equals("0") && !depth.equals("1")) {
            DavErrors.error(res, 403, "Depth: infinity is not supported; use 0 or 1");
        }
        return depth.equals("1");
    }

    private static Multistatus open(HttpServletResponse res) throws IOException {
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        OutputStream out = new ByteSink(res.getOutputStream(), 16 * 1024);
        return new Multistatus(out);
    }

    private static void notAllowed(HttpServletResponse res) throws IOException {
        res.setHeader("Allow", ALLOW);
        DavErrors.error(res, 405, "not supported on an upload");
    }

    /** A listed entry: a transfer (collection) or a chunk; null for the collection itself. */
    private record Entry(boolean collection, long size, java.time.Instant modified) {}

    private static String etag(long size, java.time.Instant at) {
        return Long.toHexString(size) + "-" + Long.toHexString(at.toEpochMilli());
    }

    private static void describe(Multistatus ms, String href, Entry entry, DavXml.Propfind asked) throws IOException {
        boolean collection = entry == null || entry.collection();
        Map<QName, Multistatus.Value> all = new LinkedHashMap<>();
        all.put(
                DavXml.dav("resourcetype"),
                collection ? w -> w.writeEmptyElement("d", "collection", DavXml.DAV) : null);
        if (entry != null) {
            all.put(
                    DavXml.dav("getlastmodified"),
                    w -> w.writeCharacters(HttpDate.format(entry.modified().getEpochSecond())));
            all.put(DavXml.dav("getetag"), w -> w.writeCharacters("\"" + etag(entry.size(), entry.modified()) + "\""));
            if (!collection) {
                all.put(DavXml.dav("getcontentlength"), w -> w.writeCharacters(Long.toString(entry.size())));
            }
        }
        if (asked.kind() != DavXml.Propfind.Kind.PROP) {
            ms.response(href, all, List.of());
            return;
        }
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
        List<QName> missing = new ArrayList<>();
        for (QName n : asked.names()) {
            if (all.containsKey(n)) {
                found.put(n, all.get(n));
            } else {
                missing.add(n);
            }
        }
        ms.response(href, found, missing);
    }
}
