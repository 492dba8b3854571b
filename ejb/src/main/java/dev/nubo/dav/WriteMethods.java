package dev.nubo.dav;

import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.DeadProperties;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.Preconditions;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;

/** PUT, MKCOL and PROPPATCH on the file trees (RFC 4918 sections 9.2, 9.3 and 9.7). */
@ApplicationScoped
class WriteMethods {
    @Inject
    FileTree tree;

    @Inject
    FileContent content;

    @Inject
    DeadProperties dead;

    @Inject
    LockMethods locks;

    @Inject
    NextcloudFavorites favorites;

    @Inject
    dev.nubo.files.api.FileAccess access;

    void put(DavTarget target, HttpServletRequest req, HttpServletResponse res, InputStream body, Optional<Long> length)
            throws IOException {
        if (target.names().isEmpty() || (target.exists() && target.node().folder())) {
            throw DavException.notAllowed("a collection cannot be written with PUT");
        }
        locks.requireUnlocked(target, !target.exists(), false, req);
        NextcloudUpload nc = target.nextcloud() ? NextcloudUpload.of(req) : NextcloudUpload.NONE;
        if (target.exists()) {
            NodeView node = target.node();
            String etag = "\"" + node.etag() + "\"";
            long lastModified = node.modifiedAt()
                    .toInstant()
                    .truncatedTo(ChronoUnit.SECONDS)
                    .toEpochMilli();
            Integer failed = Preconditions.evaluate(req, etag, lastModified, false);
            if (failed != null) {
                throw DavException.of(failed, "a precondition failed");
            }
            NodeView replaced = content.replace(
                    target.caller(), node.id(), Optional.of(node.etag()), length, nc.sha256(), nc.modifiedAt(), body);
            res.setHeader("ETag", "\"" + replaced.etag() + "\"");
            nc.answer(replaced, res);
            res.setStatus(204);
            return;
        }
        if (req.getHeader("If-Match") != null) {
            throw DavException.of(412, "If-Match on a resource that does not exist");
        }
        Optional<NodeView> parent = target.parent();
        if (parent.isEmpty()) {
            throw DavException.of(409, "the parent collection does not exist");
        }
        NodeView created = content.upload(
                new FileContent.Upload(
                        target.caller(),
                        parent.get().id(),
                        target.name(),
                        ConflictMode.FAIL,
                        length,
                        nc.sha256(),
                        nc.modifiedAt()),
                body);
        res.setHeader("ETag", "\"" + created.etag() + "\"");
        nc.answer(created, res);
        res.setHeader("Location", target.href(false));
        res.setContentLength(0);
        res.setStatus(201);
    }

    /**
     * The body's length when the client gives it: Content-Length, or for a chunked body macOS Finder's
     * X-Expected-Entity-Length. Either is checked against quota before the body is read and against the bytes that
     * arrive (a body that ends short is refused, not stored).
     */
    static Optional<Long> declaredLength(HttpServletRequest req) {
        long declared = req.getContentLengthLong();
        if (declared >= 0) {
            return Optional.of(declared);
        }
        return byteCount(req, "X-Expected-Entity-Length");
    }

    /** A header holding a byte count, empty when absent; 400 when it is not a non-negative number. */
    public static Optional<Long> byteCount(HttpServletRequest req, String header) {
        String value = req.getHeader(header);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            long n = Long.parseLong(value.strip());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return Optional.of(n);
        } catch (NumberFormatException e) {
            throw NuboException.invalid(header + " must be a byte count");
        }
    }

    void mkcol(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (req.getContentLengthLong() > 0 || DavXml.hasBody(req.getInputStream())) {
            throw DavException.of(415, "MKCOL with a body is not supported");
        }
        if (target.exists()) {
            throw DavException.notAllowed("something already exists at this path");
        }
        Optional<NodeView> parent = target.parent();
        if (parent.isEmpty()) {
            throw DavException.of(409, "the parent collection does not exist");
        }
        locks.requireUnlocked(target, true, false, req);
        NodeView folder = tree.createFolder(target.caller(), parent.get().id(), target.name());
        if (target.nextcloud()) {
            res.setHeader("OC-FileId", NextcloudProperties.ocId(folder.id()));
            res.setHeader("OC-ETag", "\"" + folder.etag() + "\"");
        }
        res.setHeader("Location", target.href(true));
        res.setContentLength(0);
        res.setStatus(201);
    }

    /**
     * PROPPATCH (RFC 4918 section 9.2): every instruction or none. Live properties are protected: naming one fails
     * it with 403 and the others with 424, and nothing changes.
     */
    void proppatch(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        List<DeadProperties.Change> changes = DavXml.proppatch(req.getInputStream());
        if (!target.exists()) {
            throw DavException.of(404, "nothing at this path");
        }
        locks.requireUnlocked(target, false, false, req);
        List<QName> names =
                changes.stream().map(DeadProperties.Change::name).distinct().toList();
        List<QName> protectedOnes = names.stream()
                .filter(n -> DavXml.DAV.equals(n.getNamespaceURI()) && LiveProperties.LIVE.contains(n.getLocalPart()))
                .toList();
        if (protectedOnes.isEmpty()) {
            if (target.nextcloud()) {
                changes = favorites.starChanges(target, changes);
            }
            if (!changes.isEmpty() && target.mount() != null) {
                // dead properties are the item's, seen by everyone it is shared with: writing them is writing it
                access.require(target.caller(), target.node().id(), dev.nubo.files.api.FileAccess.Need.WRITE);
            }
            dead.apply(target.node().id(), changes);
        }
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        String href = target.href(target.node().folder());
        try (OutputStream out = new ByteSink(res.getOutputStream(), 8 * 1024);
                Multistatus ms = new Multistatus(out)) {
            if (protectedOnes.isEmpty()) {
                ms.response(href, Map.of("HTTP/1.1 200 OK", names));
            } else {
                Map<String, List<QName>> byStatus = new LinkedHashMap<>();
                byStatus.put("HTTP/1.1 403 Forbidden", protectedOnes);
                List<QName> others =
                        names.stream().filter(n -> !protectedOnes.contains(n)).toList();
                if (!others.isEmpty()) {
                    byStatus.put("HTTP/1.1 424 Failed Dependency", others);
                }
                ms.response(href, byStatus);
            }
        }
    }
}
