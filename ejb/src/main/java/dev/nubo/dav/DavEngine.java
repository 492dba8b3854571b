package dev.nubo.dav;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.files.api.ByteRanges;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.StorageUsage;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.namespace.QName;

/**
 * WebDAV (RFC 4918) over the files core, shared by the DAV and Nextcloud surfaces: a WAR authenticates, says where
 * the user's tree is mounted (the encoded href base) and hands over the rest of the path. Every rule (permissions,
 * quota, trash, etags) is the files core's; this class only speaks the protocol.
 *
 * <p>Implemented: OPTIONS, PROPFIND (Depth 0 and 1; infinity refused), GET, HEAD, PUT, MKCOL, DELETE. Not yet:
 * PROPPATCH, COPY, MOVE, LOCK, UNLOCK (405 until they land).
 */
@ApplicationScoped
public class DavEngine {
    private static final Logger LOG = Logger.getLogger(DavEngine.class.getName());
    static final String ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, MKCOL, PROPFIND";
    static final int PAGE = FileTree.MAX_PAGE;
    /** IMF-fixdate (RFC 9110 section 5.6.7): two-digit day, always GMT. */
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    static final QName RESOURCETYPE = dav("resourcetype");
    static final QName GETETAG = dav("getetag");
    static final QName GETLASTMODIFIED = dav("getlastmodified");
    static final QName CREATIONDATE = dav("creationdate");
    static final QName GETCONTENTTYPE = dav("getcontenttype");
    static final QName GETCONTENTLENGTH = dav("getcontentlength");
    static final QName DISPLAYNAME = dav("displayname");
    static final QName SUPPORTEDLOCK = dav("supportedlock");
    static final QName LOCKDISCOVERY = dav("lockdiscovery");
    static final QName QUOTA_USED = dav("quota-used-bytes");
    static final QName QUOTA_AVAILABLE = dav("quota-available-bytes");
    /** What allprop returns (RFC 4331: the quota properties only when asked for by name). */
    static final List<QName> ALLPROP = List.of(
            RESOURCETYPE,
            GETETAG,
            GETLASTMODIFIED,
            CREATIONDATE,
            GETCONTENTTYPE,
            GETCONTENTLENGTH,
            DISPLAYNAME,
            SUPPORTEDLOCK,
            LOCKDISCOVERY);

    @Inject
    FileTree tree;

    @Inject
    FileContent content;

    private static QName dav(String local) {
        return new QName(DavXml.DAV, local);
    }

    /**
     * Serves one request on the user's tree.
     *
     * @param base the encoded href of the tree's root, ending in '/' ("/dav/files/alice/")
     * @param rawPath the rest of the request path, still percent-encoded
     */
    public void serve(
            AuthenticatedUser user, String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            List<NodeName> names = DavPath.names(rawPath);
            Target target = new Target(user.userId(), base, names, tree.resolve(user.userId(), names));
            switch (req.getMethod()) {
                case "OPTIONS" -> options(res);
                case "PROPFIND" -> propfind(target, req, res);
                case "GET" -> get(target, req, res, false);
                case "HEAD" -> get(target, req, res, true);
                case "PUT" -> put(target, req, res);
                case "MKCOL" -> mkcol(target, req, res);
                case "DELETE" -> delete(target, res);
                default -> {
                    res.setHeader("Allow", ALLOW);
                    error(res, 405, req.getMethod() + " is not supported here");
                }
            }
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                error(res, status(e), e.getMessage());
            }
        }
    }

    /** The request's resource: the names, and how far along them the tree goes. */
    record Target(UUID caller, String base, List<NodeName> names, FileTree.Resolved resolved) {
        boolean exists() {
            return resolved.matched() == names.size();
        }

        NodeView node() {
            return resolved.node();
        }

        /** The folder a new item at this path would go into, if it exists. */
        Optional<NodeView> parent() {
            return resolved.matched() == names.size() - 1 && resolved.node().folder()
                    ? Optional.of(resolved.node())
                    : Optional.empty();
        }

        NodeName name() {
            return names.get(names.size() - 1);
        }

        String href(boolean collection) {
            return DavPath.href(base, names.stream().map(NodeName::value).toList(), collection);
        }

        String childHref(NodeView child) {
            List<String> path =
                    new ArrayList<>(names.stream().map(NodeName::value).toList());
            path.add(child.name());
            return DavPath.href(base, path, child.folder());
        }
    }

    private static void options(HttpServletResponse res) {
        res.setHeader("DAV", "1, 3");
        res.setHeader("MS-Author-Via", "DAV");
        res.setHeader("Allow", ALLOW);
        res.setHeader("Accept-Ranges", "bytes");
        res.setContentLength(0);
        res.setStatus(200);
    }

    private void propfind(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String depth =
                Optional.ofNullable(req.getHeader("Depth")).orElse("infinity").strip();
        if (!depth.equals("0") && !depth.equals("1")) {
            davError(res, 403, "propfind-finite-depth", "Depth: infinity is not supported; use 0 or 1");
            return;
        }
        DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
        if (!target.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        NodeView node = target.node();
        Quota quota = needsQuota(asked) ? quota(target.caller()) : null;
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new BufferedOutputStream(res.getOutputStream(), 64 * 1024);
                Multistatus ms = new Multistatus(out)) {
            describe(ms, target.href(node.folder()), node, target.names().isEmpty(), asked, quota);
            if (depth.equals("1") && node.folder()) {
                Optional<ListingPage.Cursor> after = Optional.empty();
                do {
                    ListingPage page = tree.list(target.caller(), node.id(), ListingQuery.byName(after, PAGE));
                    for (NodeView child : page.entries()) {
                        describe(ms, target.childHref(child), child, false, asked, quota);
                    }
                    ms.flush();
                    after = page.next();
                } while (after.isPresent());
            }
        }
    }

    private static boolean needsQuota(DavXml.Propfind asked) {
        return asked.kind() == DavXml.Propfind.Kind.PROP
                && (asked.names().contains(QUOTA_USED) || asked.names().contains(QUOTA_AVAILABLE));
    }

    record Quota(long used, long available) {}

    private Quota quota(UUID caller) {
        StorageUsage u = tree.usage(caller);
        long available = u.quotaBytes() == null ? -3 : Math.max(0, u.quotaBytes() - u.usedBytes());
        return new Quota(u.usedBytes(), available);
    }

    private static void describe(
            Multistatus ms, String href, NodeView node, boolean root, DavXml.Propfind asked, Quota quota)
            throws IOException {
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
        List<QName> missing = new ArrayList<>();
        List<QName> names =
                switch (asked.kind()) {
                    case ALLPROP, PROPNAME -> ALLPROP;
                    case PROP -> asked.names();
                };
        for (QName name : names) {
            Optional<Multistatus.Value> value = live(name, node, root, quota);
            if (value == null) {
                if (asked.kind() == DavXml.Propfind.Kind.PROP) {
                    missing.add(name); // allprop and propname list only what the resource has
                }
            } else {
                found.put(name, asked.kind() == DavXml.Propfind.Kind.PROPNAME ? null : value.orElse(null));
            }
        }
        ms.response(href, found, missing);
    }

    /**
     * A live property's value: null when the resource has no such property, an empty Optional for an empty
     * element.
     */
    @SuppressWarnings("java:S2789")
    private static Optional<Multistatus.Value> live(QName name, NodeView node, boolean root, Quota quota) {
        if (!DavXml.DAV.equals(name.getNamespaceURI())) {
            return null;
        }
        return switch (name.getLocalPart()) {
            case "resourcetype" ->
                node.folder()
                        ? Optional.of(w -> {
                            w.writeEmptyElement("d", "collection", DavXml.DAV);
                        })
                        : Optional.empty();
            case "getetag" -> text("\"" + node.etag() + "\"");
            case "getlastmodified" -> text(HTTP_DATE.format(node.modifiedAt().truncatedTo(ChronoUnit.SECONDS)));
            case "creationdate" ->
                text(DateTimeFormatter.ISO_INSTANT.format(
                        node.createdAt().toInstant().truncatedTo(ChronoUnit.SECONDS)));
            case "getcontenttype" ->
                node.folder() ? null : text(node.mimeType() == null ? "application/octet-stream" : node.mimeType());
            case "getcontentlength" -> node.folder() ? null : text(Long.toString(node.size()));
            case "displayname" -> root ? null : text(node.name());
            case "supportedlock", "lockdiscovery" -> Optional.empty();
            case "quota-used-bytes" -> node.folder() && quota != null ? text(Long.toString(quota.used())) : null;
            case "quota-available-bytes" ->
                node.folder() && quota != null ? text(Long.toString(quota.available())) : null;
            default -> null;
        };
    }

    private static Optional<Multistatus.Value> text(String value) {
        return Optional.of(w -> w.writeCharacters(value));
    }

    private void get(Target target, HttpServletRequest req, HttpServletResponse res, boolean head) throws IOException {
        if (!target.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        NodeView node = target.node();
        if (node.folder()) {
            res.setHeader("Allow", ALLOW);
            error(res, 405, "this is a collection: list it with PROPFIND");
            return;
        }
        String etag = "\"" + node.etag() + "\"";
        long lastModified =
                node.modifiedAt().toInstant().truncatedTo(ChronoUnit.SECONDS).toEpochMilli();
        Integer failed = Preconditions.evaluate(req, etag, lastModified, true);
        if (failed != null) {
            res.setHeader("ETag", etag);
            res.setStatus(failed);
            return;
        }
        try (FileContent.Opened opened = content.open(target.caller(), node.id())) {
            long length = node.size();
            String range = req.getHeader("Range");
            String ifRange = req.getHeader("If-Range");
            if (ifRange != null && !ifRange.strip().equals(etag)) {
                range = null;
            }
            ByteRanges.Result ranges = ByteRanges.parse(range, length);
            res.setHeader("ETag", etag);
            res.setDateHeader("Last-Modified", lastModified);
            res.setHeader("Accept-Ranges", "bytes");
            res.setContentType(node.mimeType() == null ? "application/octet-stream" : node.mimeType());
            long first = 0;
            long count = length;
            if (ranges instanceof ByteRanges.Unsatisfiable) {
                res.setHeader("Content-Range", "bytes */" + length);
                error(res, 416, "no requested range overlaps the " + length + " bytes");
                return;
            } else if (ranges instanceof ByteRanges.Partial partial
                    && partial.ranges().size() == 1) {
                ByteRanges.Range one = partial.ranges().get(0);
                first = one.first();
                count = one.length();
                res.setStatus(206);
                res.setHeader("Content-Range", "bytes " + one.first() + "-" + one.last() + "/" + length);
            } else {
                // no Range, an invalid one (ignored, as RFC 9110 allows) or several: the whole file
                res.setStatus(200);
            }
            res.setContentLengthLong(count);
            if (!head) {
                Payloads.copy(opened.channel(), first, count, res.getOutputStream());
            }
        }
    }

    private void put(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (target.names().isEmpty() || (target.exists() && target.node().folder())) {
            res.setHeader("Allow", ALLOW);
            error(res, 405, "a collection cannot be written with PUT");
            return;
        }
        long declared = req.getContentLengthLong();
        Optional<Long> length = declared >= 0 ? Optional.of(declared) : Optional.empty();
        if (target.exists()) {
            NodeView node = target.node();
            String etag = "\"" + node.etag() + "\"";
            long lastModified = node.modifiedAt()
                    .toInstant()
                    .truncatedTo(ChronoUnit.SECONDS)
                    .toEpochMilli();
            Integer failed = Preconditions.evaluate(req, etag, lastModified, false);
            if (failed != null) {
                error(res, failed, "a precondition failed");
                return;
            }
            NodeView replaced = content.replace(
                    target.caller(),
                    node.id(),
                    Optional.of(node.etag()),
                    length,
                    Optional.empty(),
                    req.getInputStream());
            res.setHeader("ETag", "\"" + replaced.etag() + "\"");
            res.setStatus(204);
            return;
        }
        if (req.getHeader("If-Match") != null) {
            error(res, 412, "If-Match on a resource that does not exist");
            return;
        }
        Optional<NodeView> parent = target.parent();
        if (parent.isEmpty()) {
            error(res, 409, "the parent collection does not exist");
            return;
        }
        NodeView created = content.upload(
                new FileContent.Upload(
                        target.caller(),
                        parent.get().id(),
                        target.name(),
                        ConflictMode.FAIL,
                        length,
                        Optional.empty(),
                        Optional.empty()),
                req.getInputStream());
        res.setHeader("ETag", "\"" + created.etag() + "\"");
        res.setHeader("Location", target.href(false));
        res.setContentLength(0);
        res.setStatus(201);
    }

    private void mkcol(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (req.getContentLengthLong() > 0 || DavXml.hasBody(req.getInputStream())) {
            error(res, 415, "MKCOL with a body is not supported");
            return;
        }
        if (target.exists()) {
            res.setHeader("Allow", ALLOW);
            error(res, 405, "something already exists at this path");
            return;
        }
        Optional<NodeView> parent = target.parent();
        if (parent.isEmpty()) {
            error(res, 409, "the parent collection does not exist");
            return;
        }
        tree.createFolder(target.caller(), parent.get().id(), target.name());
        res.setHeader("Location", target.href(true));
        res.setContentLength(0);
        res.setStatus(201);
    }

    private void delete(Target target, HttpServletResponse res) throws IOException {
        if (!target.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        if (target.names().isEmpty()) {
            error(res, 403, "the root collection cannot be deleted");
            return;
        }
        tree.trash(target.caller(), target.node().id());
        res.setStatus(204);
    }

    private static int status(NuboException e) {
        if (e.kind() == ErrorKind.CONFLICT && "name_taken".equals(e.code())) {
            return 412; // a concurrent writer created it between our check and our write
        }
        return e.kind().httpStatus();
    }

    static void error(HttpServletResponse res, int status, String message) throws IOException {
        res.setStatus(status);
        res.setContentType("text/plain; charset=utf-8");
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }

    /** An RFC 4918 error body naming the precondition that failed. */
    static void davError(HttpServletResponse res, int status, String condition, String message) throws IOException {
        res.setStatus(status);
        res.setContentType("application/xml; charset=utf-8");
        String xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:error xmlns:d=\"DAV:\"><d:" + condition
                + "/></d:error>\n";
        byte[] body = xml.getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
        LOG.log(Level.FINE, message);
    }
}
