package dev.nubo.dav;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.files.api.ByteRanges;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.ListingPage;
import dev.nubo.files.api.ListingQuery;
import dev.nubo.files.api.MultipartByteranges;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.files.api.StorageUsage;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import dev.nubo.platform.web.ZeroCopy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * <p>Implemented: OPTIONS, PROPFIND (Depth 0 and 1; infinity refused), GET, HEAD, PUT, MKCOL, DELETE, COPY, MOVE.
 * Not yet: PROPPATCH, LOCK, UNLOCK (405 until they land).
 */
@ApplicationScoped
public class DavEngine {
    private static final Logger LOG = Logger.getLogger(DavEngine.class.getName());
    static final String ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, PROPPATCH, COPY, MOVE, LOCK, UNLOCK";
    static final int PAGE = FileTree.MAX_PAGE;

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

    @Inject
    DeadProperties dead;

    @Inject
    DavLocks locks;

    @Inject
    dev.nubo.files.api.Favorites favorites;

    @Inject
    dev.nubo.users.api.UserService users;

    @Inject
    SharedWithMe sharedWithMe;

    @Inject
    dev.nubo.files.api.FileAccess access;

    @Inject
    dev.nubo.share.api.Shares shares;

    /**
     * How a surface speaks WebDAV: plain RFC 4918 (/dav), or Nextcloud's dialect (/nextcloud/remote.php), which
     * adds the oc: and nc: properties, favorites, X-OC-MTime, OC-Checksum and the OC-ETag / OC-FileId headers.
     */
    public enum Dialect {
        WEBDAV,
        NEXTCLOUD
    }

    static QName dav(String local) {
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
        serve(user, base, rawPath, req, res, Dialect.WEBDAV);
    }

    /** As {@link #serve(AuthenticatedUser, String, String, HttpServletRequest, HttpServletResponse)}, in a dialect. */
    public void serve(
            AuthenticatedUser user,
            String base,
            String rawPath,
            HttpServletRequest req,
            HttpServletResponse res,
            Dialect dialect)
            throws IOException {
        dispatch(user.userId(), null, base, rawPath, req, res, dialect);
    }

    /**
     * Serves one request on a public link's item, without an account (plain RFC 4918: none of the Nextcloud
     * properties, which are about a user). The caller has already proved the token and password and decided that
     * the link's permission allows the method.
     */
    public void serveLink(LinkSpace link, String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        dispatch(link.owner(), link, base, rawPath, req, res, Dialect.WEBDAV);
    }

    private void dispatch(
            UUID caller,
            LinkSpace link,
            String base,
            String rawPath,
            HttpServletRequest req,
            HttpServletResponse res,
            Dialect dialect)
            throws IOException {
        try {
            Target target = conditioned(caller, link, base, rawPath, dialect, req, res);
            if (target == null) {
                return;
            }
            if (target.virtual()
                    && !List.of("OPTIONS", "PROPFIND", "GET", "HEAD").contains(req.getMethod())) {
                error(res, 403, "'" + target.node().name() + "' lists what others share with you; it is read-only");
                return;
            }
            switch (req.getMethod()) {
                case "OPTIONS" -> options(res);
                case "PROPFIND" -> propfind(target, req, res);
                case "GET" -> get(target, req, res, false);
                case "HEAD" -> get(target, req, res, true);
                case "PUT" -> put(target, req, res, req.getInputStream(), declaredLength(req));
                case "MKCOL" -> mkcol(target, req, res);
                case "DELETE" -> delete(target, req, res);
                case "PROPPATCH" -> proppatch(target, req, res);
                case "LOCK" -> lock(target, req, res);
                case "UNLOCK" -> unlock(target, req, res);
                case "COPY" -> copyOrMove(target, req, res, false);
                case "MOVE" -> copyOrMove(target, req, res, true);
                case "REPORT" -> {
                    if (dialect == Dialect.NEXTCLOUD) {
                        filterFiles(target, req, res);
                    } else {
                        res.setHeader("Allow", ALLOW);
                        error(res, 405, "REPORT is not supported on files");
                    }
                }
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

    /** The request's resource, or null after answering 412 when its If header does not hold. */
    private Target conditioned(
            UUID caller,
            LinkSpace link,
            String base,
            String rawPath,
            Dialect dialect,
            HttpServletRequest req,
            HttpServletResponse res)
            throws IOException {
        Target target = at(caller, link, base, DavPath.names(rawPath), dialect);
        IfHeader conditions = IfHeader.parse(req.getHeader("If"));
        if (conditions != null && !holds(conditions, target, req)) {
            error(res, 412, "the If header's conditions do not hold");
            return null;
        }
        return target;
    }

    /**
     * Where the names lead for the caller: their own tree, or the "Shared with me" collection and beneath; or, for a
     * public link, the link's item and beneath.
     */
    private Target at(UUID caller, LinkSpace link, String base, List<NodeName> names, Dialect dialect) {
        if (link != null) {
            return new Target(
                    caller, base, names, inLink(link, names), dialect, null, link, LockScope.own(link.lockSpace()));
        }
        SharedWithMe.Place place = sharedWithMe.resolve(caller, names);
        SharedWithMe.Mount mount = place.mount();
        LockScope scope = mount == null || mount.entry() == null
                ? LockScope.own(caller)
                : LockScope.entry(
                        mount.entry().share().owner().id(),
                        names.get(0).value(),
                        names.get(1).value(),
                        () -> tree.pathOf(
                                mount.entry().share().owner().id(),
                                mount.entry().share().node().id()));
        return new Target(caller, base, names, place.resolved(), dialect, mount, null, scope);
    }

    /** Where names lead below a link's item: the request's own path was read with the link, others are read now. */
    private FileTree.Resolved inLink(LinkSpace link, List<NodeName> names) {
        if (link.fileLink()) {
            boolean file =
                    !names.isEmpty() && names.get(0).value().equals(link.root().name());
            return file ? new FileTree.Resolved(link.root(), 1) : new FileTree.Resolved(link.collection(), 0);
        }
        if (names.equals(link.names())) {
            return link.requested();
        }
        FileTree.Resolved r = names.isEmpty()
                ? new FileTree.Resolved(link.root(), 0)
                : tree.resolveBelow(link.owner(), link.root().id(), names);
        return r.matched() == 0 ? new FileTree.Resolved(link.root(), 0) : r;
    }

    /**
     * The request's resource: the names, and how far along them the tree goes; {@code mount} is null in the caller's
     * own tree, else the "Shared with me" collection the path goes through; {@code link} is null but on a public
     * link's tree, where {@code caller} is the item's owner.
     */
    record Target(
            UUID caller,
            String base,
            List<NodeName> names,
            FileTree.Resolved resolved,
            Dialect dialect,
            SharedWithMe.Mount mount,
            LinkSpace link,
            LockScope lockScope) {
        /** Whose locks apply: the caller's own, a public link's, or the owner's of an item reached through a share. */
        UUID locker() {
            return lockScope.space();
        }

        boolean nextcloud() {
            return dialect == Dialect.NEXTCLOUD;
        }

        /** Whether this is the "Shared with me" collection itself. */
        boolean virtual() {
            return exists() && SharedWithMe.isVirtual(resolved.node().id());
        }

        boolean exists() {
            return resolved.matched() == names.size();
        }

        NodeView node() {
            return resolved.node();
        }

        /** The folder a new item at this path would go into, if it exists. */
        Optional<NodeView> parent() {
            if (resolved.matched() != names.size() - 1 || !resolved.node().folder()) {
                return Optional.empty();
            }
            if (SharedWithMe.isVirtual(resolved.node().id())) {
                throw new NuboException(
                        ErrorKind.FORBIDDEN,
                        "shared_collection",
                        "nothing can be added to '" + resolved.node().name() + "': share items to add them");
            }
            return Optional.of(resolved.node());
        }

        NodeName name() {
            return names.get(names.size() - 1);
        }

        /** The path in the lock space that locks are keyed by: "" for its root, "a/b" below it. */
        String key() {
            return lockScope.key(names);
        }

        String parentKey() {
            return LockScope.parentKey(key());
        }

        String href(boolean collection) {
            return DavPath.href(base, names.stream().map(NodeName::value).toList(), collection);
        }
    }

    private static void options(HttpServletResponse res) {
        res.setHeader("DAV", "1, 2, 3");
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
        // the root also holds the "Shared with me" collection: read once, it adds its etag to the root's
        List<SharedWithMe.Mount> shared = target.names().isEmpty() && target.link() == null
                ? sharedWithMe.inRoot(target.caller(), node)
                : List.of();
        node = SharedPropfind.rootWith(node, shared);
        // the owner's storage is none of a link visitor's business
        Quota quota = needsQuota(asked) && target.link() == null ? quotaOf(target) : null;
        boolean needsDead = needsDeadProperties(asked, target.nextcloud());
        NextcloudPages nc = target.nextcloud()
                ? new NextcloudPages(target.caller(), asked, target.mount(), users, favorites, shares)
                : null;
        Asked plan = Asked.of(asked, target.nextcloud());
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 64 * 1024);
                Multistatus ms = multistatus(out, target)) {
            describe(
                    ms,
                    target.href(node.folder()),
                    node,
                    target.names().isEmpty(),
                    plan,
                    quota,
                    nc == null ? null : nc.of(List.of(node)),
                    needsDead ? dead.of(List.of(node.id())).getOrDefault(node.id(), Map.of()) : Map.of(),
                    lockFree(target) ? NO_LOCKS : lockdiscovery(target.key(), target));
            if (depth.equals("1") && node.folder()) {
                // what every child shares, worked out once: the folder's href, and the locks that reach the
                // children from above (asked per child only when a lock is rooted somewhere below this folder)
                boolean anyLocks = !lockFree(target);
                String key = anyLocks ? target.key() : "";
                String folderHref = target.href(true);
                boolean locksBelow = anyLocks && locks.anyBelow(target.locker(), key);
                Multistatus.Value inherited = !anyLocks
                        ? NO_LOCKS
                        : lockdiscovery(
                                locks.covering(target.locker(), key).stream()
                                        .filter(DavLocks.Lock::infinite)
                                        .toList(),
                                target);
                Optional<ListingPage.Cursor> after = Optional.empty();
                boolean root = target.names().isEmpty();
                do {
                    ListingPage page = target.virtual()
                            ? new ListingPage(SharedPropfind.members(target.mount()), Optional.empty())
                            : target.link() != null && target.link().fileLink()
                                    ? new ListingPage(List.of(target.link().root()), Optional.empty())
                                    : tree.list(target.caller(), node.id(), ListingQuery.byName(after, PAGE));
                    after = page.next();
                    if (root && after.isEmpty()) {
                        page = SharedPropfind.withCollection(page, shared);
                    }
                    Map<Long, Map<QName, String>> deadOfPage = needsDead
                            ? dead.of(page.entries().stream().map(NodeView::id).toList())
                            : Map.of();
                    NextcloudProperties.Page ncPage = nc == null ? null : nc.of(page.entries());
                    for (NodeView child : page.entries()) {
                        describe(
                                ms,
                                folderHref + DavPath.encode(child.name()) + (child.folder() ? "/" : ""),
                                child,
                                false,
                                plan,
                                quota,
                                ncPage,
                                deadOfPage.getOrDefault(child.id(), Map.of()),
                                locksBelow
                                        ? lockdiscovery(key.isEmpty() ? child.name() : key + "/" + child.name(), target)
                                        : inherited);
                    }
                    ms.flush();
                } while (after.isPresent());
            }
        }
    }

    private static Multistatus multistatus(OutputStream out, Target target) throws IOException {
        return target.nextcloud() ? new Multistatus(out, NextcloudProperties.NAMESPACES) : new Multistatus(out);
    }

    /** Whether any asked property could be a dead one: a query per page saved when a client asks only live ones. */
    private static boolean needsDeadProperties(DavXml.Propfind asked, boolean nextcloud) {
        return asked.kind() != DavXml.Propfind.Kind.PROP
                || asked.names().stream()
                        .anyMatch(n -> !(nextcloud && NextcloudProperties.isLive(n))
                                && (!DavXml.DAV.equals(n.getNamespaceURI()) || !LIVE.contains(n.getLocalPart())));
    }

    private static boolean needsQuota(DavXml.Propfind asked) {
        return asked.kind() == DavXml.Propfind.Kind.PROP
                && (asked.names().contains(QUOTA_USED) || asked.names().contains(QUOTA_AVAILABLE));
    }

    record Quota(long used, long available) {}

    /**
     * The quota properties of a path: the caller's own storage in their tree; inside "Drives" the drive's; inside
     * "Shared with me" the owner's free space (what an upload there is charged to, so a client's check before
     * uploading asks the right question), with the shared item's own size as used bytes — the owner's total usage is
     * none of the recipient's business.
     */
    private Quota quotaOf(Target target) {
        SharedWithMe.Mount m = target.mount();
        if (m == null || m.entry() == null) {
            return quota(target.caller());
        }
        Quota owners = quota(m.entry().share().owner().id());
        return m.entry().collectionId() == SharedWithMe.DRIVES_ID
                ? owners
                : new Quota(m.entry().share().node().size(), owners.available());
    }

    private Quota quota(UUID caller) {
        StorageUsage u = tree.usage(caller);
        long available = u.quotaBytes() == null ? -3 : Math.max(0, u.quotaBytes() - u.usedBytes());
        return new Quota(u.usedBytes(), available);
    }

    /**
     * What a PROPFIND asks, with each named property's source looked up once for the whole listing: a Depth 1
     * answer to a Nextcloud client asks 13 names of each of up to 1,000 resources (perf/nextcloud/RESULTS.md).
     */
    record Asked(DavXml.Propfind propfind, List<LiveSource> live, List<NextcloudProperties.Source> nextcloud) {
        static Asked of(DavXml.Propfind propfind, boolean nextcloud) {
            List<LiveSource> live = new ArrayList<>();
            List<NextcloudProperties.Source> nc = new ArrayList<>();
            for (QName name : propfind.names()) {
                live.add(liveSource(name));
                nc.add(nextcloud ? NextcloudProperties.source(name) : null);
            }
            return new Asked(propfind, live, nc);
        }
    }

    private static void describe(
            Multistatus ms,
            String href,
            NodeView node,
            boolean root,
            Asked asked,
            Quota quota,
            NextcloudProperties.Page nc,
            Map<QName, String> deadProps,
            Multistatus.Value lockdiscovery)
            throws IOException {
        DavXml.Propfind.Kind kind = asked.propfind().kind();
        List<QName> names =
                switch (kind) {
                    case ALLPROP, PROPNAME -> {
                        List<QName> all = new ArrayList<>(ALLPROP);
                        all.addAll(deadProps.keySet());
                        yield all;
                    }
                    case PROP -> asked.propfind().names();
                };
        // sized for all names: a Nextcloud client asks 13, past the default map's first resize
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>(names.size() * 2);
        List<QName> missing = new ArrayList<>(4);
        for (int i = 0; i < names.size(); i++) {
            QName name = names.get(i);
            Optional<Multistatus.Value> value;
            if (kind != DavXml.Propfind.Kind.PROP) {
                value = nc != null && !DavXml.DAV.equals(name.getNamespaceURI())
                        ? NextcloudProperties.property(name, node, nc)
                        : live(name, node, root, quota, lockdiscovery);
            } else if (asked.nextcloud().get(i) != null) {
                value = asked.nextcloud().get(i).of(node, nc);
            } else if (asked.live().get(i) != null) {
                value = asked.live().get(i).of(node, root, quota, lockdiscovery);
            } else {
                value = null;
            }
            if (value == null && deadProps.containsKey(name)) {
                value = Optional.of(Multistatus.stored(deadProps.get(name)));
            }
            if (value == null) {
                if (kind == DavXml.Propfind.Kind.PROP) {
                    missing.add(name); // allprop and propname list only what the resource has
                }
            } else {
                found.put(name, kind == DavXml.Propfind.Kind.PROPNAME ? null : value.orElse(null));
            }
        }
        ms.response(href, found, missing);
    }

    /**
     * A live property's value: null when the resource has no such property, an empty Optional for an empty
     * element.
     */
    static Optional<Multistatus.Value> live(
            QName name, NodeView node, boolean root, Quota quota, Multistatus.Value lockdiscovery) {
        LiveSource source = liveSource(name);
        return source == null ? null : source.of(node, root, quota, lockdiscovery);
    }

    /** Where a live DAV: property's value comes from, looked up once per name rather than once per resource. */
    @FunctionalInterface
    interface LiveSource {
        @SuppressWarnings("java:S2789") // null: no such property; empty: an empty element
        Optional<Multistatus.Value> of(NodeView node, boolean root, Quota quota, Multistatus.Value lockdiscovery);
    }

    private static final Optional<Multistatus.Value> EMPTY = Optional.empty();

    /** The source of a live DAV: property; null for any other name. */
    static LiveSource liveSource(QName name) {
        if (!DavXml.DAV.equals(name.getNamespaceURI())) {
            return null;
        }
        return switch (name.getLocalPart()) {
            case "resourcetype" -> (node, root, quota, locks) -> node.folder() ? IS_COLLECTION : EMPTY;
            case "getetag" -> (node, root, quota, locks) -> text("\"" + node.etag() + "\"");
            case "getlastmodified" ->
                (node, root, quota, locks) ->
                        text(HttpDate.format(node.modifiedAt().toEpochSecond()));
            case "creationdate" ->
                (node, root, quota, locks) -> text(DateTimeFormatter.ISO_INSTANT.format(
                        node.createdAt().toInstant().truncatedTo(ChronoUnit.SECONDS)));
            case "getcontenttype" ->
                (node, root, quota, locks) -> node.folder()
                        ? null
                        : text(node.mimeType() == null ? "application/octet-stream" : node.mimeType());
            case "getcontentlength" ->
                (node, root, quota, locks) -> node.folder() ? null : text(Long.toString(node.size()));
            case "displayname" -> (node, root, quota, locks) -> root ? null : text(node.name());
            case "supportedlock" -> (node, root, quota, locks) -> LOCKS_SUPPORTED;
            case "lockdiscovery" -> (node, root, quota, locks) -> Optional.of(locks);
            case "quota-used-bytes" ->
                (node, root, quota, locks) -> node.folder() && quota != null ? text(Long.toString(quota.used())) : null;
            case "quota-available-bytes" ->
                (node, root, quota, locks) ->
                        node.folder() && quota != null ? text(Long.toString(quota.available())) : null;
            default -> null;
        };
    }

    private static Optional<Multistatus.Value> text(String value) {
        return Optional.of(Multistatus.text(value));
    }

    /**
     * Bodies from this size go to sendfile when {@link #SMALL_HEAP}; smaller ones, and all of them with a large heap,
     * are copied through a buffer. Measured (perf/dav/RESULTS.md): a 16 MiB GET on 16 connections ran at 35 req/s
     * copied and 81 through sendfile with a 512 MiB heap, where the copy's garbage costs a collection every few
     * milliseconds, but at 97 copied against 81 with an unbounded heap; a 4 KiB GET lost half its rate to the
     * servlet async hand-off.
     */
    static final long SENDFILE_FROM = 1 << 20;

    /** A heap below 1 GiB, as {@code NUBO_HEAP=auto} or a smaller setting gives the server. */
    static final boolean SMALL_HEAP = Runtime.getRuntime().maxMemory() < 1L << 30;

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
        long length = node.size();
        String range = req.getHeader("Range");
        String ifRange = req.getHeader("If-Range");
        if (ifRange != null && !ifRange.strip().equals(etag)) {
            range = null;
        }
        ByteRanges.Result ranges = ByteRanges.parse(range, length);
        if (target.link() != null && !head && sendsFirstByte(ranges)) {
            target.link().downloads().accept(node); // may refuse (a download limit reached meanwhile): nothing sent yet
        }
        try (FileContent.Opened opened = content.open(target.caller(), target.resolved())) {
            res.setHeader("ETag", etag);
            res.setDateHeader("Last-Modified", lastModified);
            res.setHeader("Accept-Ranges", "bytes");
            String type = node.mimeType() == null ? "application/octet-stream" : node.mimeType();
            res.setContentType(type);
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
            } else if (ranges instanceof ByteRanges.Partial partial) {
                MultipartByteranges parts = MultipartByteranges.of(partial.ranges(), type, length);
                res.setStatus(206);
                res.setContentType(parts.contentType());
                res.setContentLengthLong(parts.length());
                if (!head) {
                    parts.write(opened.channel(), res.getOutputStream());
                }
                return;
            } else {
                // no Range or an invalid one (ignored, as RFC 9110 allows): the whole file
                res.setStatus(200);
            }
            res.setContentLengthLong(count);
            if (!head) {
                // status and headers are set: a large body goes to the container's sendfile when the heap is small
                boolean sent = count >= SENDFILE_FROM
                        && SMALL_HEAP
                        && opened.localFile().isPresent()
                        && ZeroCopy.send(req, res, opened.localFile().get(), first, count, http -> {});
                if (!sent) {
                    Payloads.copy(opened.channel(), first, count, res.getOutputStream());
                }
            }
        }
    }

    /** Whether a GET answered with these ranges sends the file from its first byte: what a link counts as a download. */
    static boolean sendsFirstByte(ByteRanges.Result ranges) {
        return !(ranges instanceof ByteRanges.Unsatisfiable)
                && (!(ranges instanceof ByteRanges.Partial partial)
                        || partial.ranges().size() != 1
                        || partial.ranges().get(0).first() == 0);
    }

    /**
     * Writes an assembled chunked upload (the Nextcloud clients' MOVE of an upload's ".file") to a path of the
     * caller's tree, as a PUT of those bytes there would: the same locks, conditions (If, If-Match), quota,
     * checksum and mtime headers, and answer.
     */
    public void putAssembled(
            AuthenticatedUser user,
            String base,
            String rawPath,
            InputStream body,
            long length,
            HttpServletRequest req,
            HttpServletResponse res)
            throws IOException {
        try {
            Target target = conditioned(user.userId(), null, base, rawPath, Dialect.NEXTCLOUD, req, res);
            if (target == null) {
                return;
            }
            put(target, req, res, body, Optional.of(length));
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                error(res, status(e), e.getMessage());
            }
        }
    }

    private void put(
            Target target, HttpServletRequest req, HttpServletResponse res, InputStream body, Optional<Long> length)
            throws IOException {
        if (target.names().isEmpty() || (target.exists() && target.node().folder())) {
            res.setHeader("Allow", ALLOW);
            error(res, 405, "a collection cannot be written with PUT");
            return;
        }
        if (!unlocked(target, !target.exists(), false, req, res)) {
            return;
        }
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
                error(res, failed, "a precondition failed");
                return;
            }
            NodeView replaced = content.replace(
                    target.caller(), node.id(), Optional.of(node.etag()), length, nc.sha256(), nc.modifiedAt(), body);
            res.setHeader("ETag", "\"" + replaced.etag() + "\"");
            nc.answer(replaced, res);
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
        if (!unlocked(target, true, false, req, res)) {
            return;
        }
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
    private void proppatch(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        List<DeadProperties.Change> changes = DavXml.proppatch(req.getInputStream());
        if (!target.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        if (!unlocked(target, false, false, req, res)) {
            return;
        }
        List<QName> names =
                changes.stream().map(DeadProperties.Change::name).distinct().toList();
        List<QName> protectedOnes = names.stream()
                .filter(n -> DavXml.DAV.equals(n.getNamespaceURI()) && LIVE.contains(n.getLocalPart()))
                .toList();
        if (protectedOnes.isEmpty()) {
            if (target.nextcloud()) {
                changes = starChanges(target, changes);
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

    /**
     * In the Nextcloud dialect oc:favorite is not a dead property but the user's star: applies those changes to
     * {@link dev.nubo.files.api.Favorites} and returns the others.
     */
    private List<DeadProperties.Change> starChanges(Target target, List<DeadProperties.Change> changes) {
        List<DeadProperties.Change> others = new ArrayList<>();
        for (DeadProperties.Change c : changes) {
            if (!NextcloudProperties.FAVORITE.equals(c.name())) {
                others.add(c);
            } else if (c.value() != null
                    && (c.value().strip().equals("1") || c.value().strip().equals("true"))) {
                favorites.add(target.caller(), target.node().id());
            } else {
                favorites.remove(target.caller(), target.node().id());
            }
        }
        return others;
    }

    /**
     * What a Nextcloud client says about a PUT beyond the body: the file's mtime (X-OC-MTime, Unix seconds,
     * possibly with a fraction) and a checksum (OC-Checksum; only SHA256 is verified, the other types the clients
     * send — SHA1, MD5, Adler32 — are not computed and so ignored).
     */
    record NextcloudUpload(
            Optional<java.time.Instant> modifiedAt, Optional<dev.nubo.storage.api.ContentHash> sha256, boolean nc) {
        static final NextcloudUpload NONE = new NextcloudUpload(Optional.empty(), Optional.empty(), false);

        static NextcloudUpload of(HttpServletRequest req) {
            return new NextcloudUpload(
                    mtime(req.getHeader("X-OC-MTime")), checksum(req.getHeader("OC-Checksum")), true);
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

    /**
     * The favorites REPORT of the Nextcloud clients (oc:filter-files with oc:favorite): every starred file and
     * folder of the caller, each with the properties asked, in two queries whatever their number.
     */
    private void filterFiles(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        DavXml.FilterFiles asked = DavXml.filterFiles(req.getInputStream(), NextcloudProperties.OC);
        DavXml.Propfind props = asked.names().isEmpty()
                ? new DavXml.Propfind(DavXml.Propfind.Kind.PROP, List.of(dav("resourcetype"), dav("getetag")))
                : new DavXml.Propfind(DavXml.Propfind.Kind.PROP, asked.names());
        List<dev.nubo.files.api.Favorites.Starred> starred = favorites.listWithPaths(target.caller());
        Quota quota = needsQuota(props) ? quota(target.caller()) : null;
        Asked plan = Asked.of(props, true);
        NextcloudPages page = new NextcloudPages(target.caller(), props, null, users, favorites, shares);
        NextcloudProperties.Page ncPage = page.of(List.of());
        java.util.Set<Long> all = new java.util.HashSet<>();
        starred.forEach(s -> all.add(s.node().id()));
        List<StarredPlace> places = new ArrayList<>();
        for (dev.nubo.files.api.Favorites.Starred s : starred) {
            places.add(new StarredPlace(
                    s.node(), s.path().isEmpty() ? List.of() : List.of(s.path().split("/"))));
        }
        places.addAll(starredInCollections(target.caller(), all));
        NextcloudProperties.Page withStars = new NextcloudProperties.Page(ncPage.standing(), all, Map.of());
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 64 * 1024);
                Multistatus ms = multistatus(out, target)) {
            for (StarredPlace p : places) {
                describe(
                        ms,
                        DavPath.href(target.base(), p.names(), p.node().folder()),
                        p.node(),
                        false,
                        plan,
                        quota,
                        withStars,
                        Map.of(),
                        w -> {});
            }
        }
    }

    /** A starred item and its names below the caller's DAV root (through "Shared with me" or "Drives" for others' items). */
    private record StarredPlace(NodeView node, List<String> names) {}

    /**
     * The caller's starred items inside the "Shared with me" and "Drives" collections, where the clients find them:
     * the collections' entries are the items shared with the caller while a live grant lasts, so a star outlives no
     * access. {@code stars} gains their ids (the oc:favorite property).
     */
    private List<StarredPlace> starredInCollections(UUID caller, java.util.Set<Long> stars) {
        Map<Long, List<String>> entries = new java.util.HashMap<>();
        for (SharedWithMe.Mount m : sharedWithMe.inRoot(caller, tree.root(caller))) {
            for (SharedWithMe.Entry e : m.entries()) {
                entries.putIfAbsent(
                        e.share().node().id(), List.of(m.collection().name(), e.name()));
            }
        }
        List<StarredPlace> places = new ArrayList<>();
        for (dev.nubo.files.api.Favorites.StarredBelow s : favorites.listBelow(caller, entries.keySet())) {
            List<String> names = new ArrayList<>(entries.get(s.entryId()));
            if (!s.path().isEmpty()) {
                names.addAll(List.of(s.path().split("/")));
            }
            stars.add(s.node().id());
            places.add(new StarredPlace(s.node(), names));
        }
        return places;
    }

    /** What supportedlock says: exclusive and shared write locks. */
    static final Multistatus.Value COLLECTION = new Multistatus.Child(dav("collection"), null);

    static final Multistatus.Value SUPPORTED_LOCKS = w -> {
        for (String scope : List.of("exclusive", "shared")) {
            w.writeStartElement("d", "lockentry", DavXml.DAV);
            w.writeStartElement("d", "lockscope", DavXml.DAV);
            w.writeEmptyElement("d", scope, DavXml.DAV);
            w.writeEndElement();
            w.writeStartElement("d", "locktype", DavXml.DAV);
            w.writeEmptyElement("d", "write", DavXml.DAV);
            w.writeEndElement();
            w.writeEndElement();
        }
    };

    private static final Optional<Multistatus.Value> IS_COLLECTION = Optional.of(COLLECTION);
    private static final Optional<Multistatus.Value> LOCKS_SUPPORTED = Optional.of(SUPPORTED_LOCKS);

    /** The names of a raw path below the tree's encoded base ("/dav/files/alice/"), or empty outside it. */
    static Optional<List<NodeName>> namesUnder(String rawPath, String base) {
        if ((rawPath + "/").equals(base)) {
            return Optional.of(List.of());
        }
        return rawPath.startsWith(base)
                ? Optional.of(DavPath.names(rawPath.substring(base.length())))
                : Optional.empty();
    }

    private static final Multistatus.Value NO_LOCKS = w -> {};

    /**
     * Whether the target's lock space holds no lock at all (the usual case): then neither its key nor its locks need
     * working out — inside a share or drive the key costs a read of the item's path in its owner's tree.
     */
    private boolean lockFree(Target target) {
        return !locks.anyIn(target.locker());
    }

    private void releaseLocks(Target target) {
        if (!lockFree(target)) {
            locks.release(target.locker(), target.key());
        }
    }

    /** The lockdiscovery value of a path: an activelock per lock covering it. */
    private Multistatus.Value lockdiscovery(String key, Target target) {
        return lockdiscovery(locks.covering(target.locker(), key), target);
    }

    private static Multistatus.Value lockdiscovery(List<DavLocks.Lock> covering, Target target) {
        return w -> {
            for (DavLocks.Lock lock : covering) {
                activelock(w, lock, target);
            }
        };
    }

    private static void activelock(javax.xml.stream.XMLStreamWriter w, DavLocks.Lock lock, Target target)
            throws javax.xml.stream.XMLStreamException {
        w.writeStartElement("d", "activelock", DavXml.DAV);
        w.writeStartElement("d", "locktype", DavXml.DAV);
        w.writeEmptyElement("d", "write", DavXml.DAV);
        w.writeEndElement();
        w.writeStartElement("d", "lockscope", DavXml.DAV);
        w.writeEmptyElement("d", lock.exclusive() ? "exclusive" : "shared", DavXml.DAV);
        w.writeEndElement();
        w.writeStartElement("d", "depth", DavXml.DAV);
        w.writeCharacters(lock.infinite() ? "infinity" : "0");
        w.writeEndElement();
        if (lock.ownerXml() != null) {
            w.writeStartElement("d", "owner", DavXml.DAV);
            Multistatus.stored(lock.ownerXml()).write(w);
            w.writeEndElement();
        }
        w.writeStartElement("d", "timeout", DavXml.DAV);
        w.writeCharacters("Second-" + lock.timeout().toSeconds());
        w.writeEndElement();
        w.writeStartElement("d", "locktoken", DavXml.DAV);
        w.writeStartElement("d", "href", DavXml.DAV);
        w.writeCharacters(lock.token());
        w.writeEndElement();
        w.writeEndElement();
        w.writeStartElement("d", "lockroot", DavXml.DAV);
        w.writeStartElement("d", "href", DavXml.DAV);
        w.writeCharacters(DavPath.href(target.base(), target.lockScope().viewNames(lock.path()), false));
        w.writeEndElement();
        w.writeEndElement();
        w.writeEndElement();
    }

    /**
     * Whether the If header holds (RFC 4918 section 10.4): any list whose conditions all hold, each list about the
     * request's resource or the one it is tagged with. A state token holds when it is a current lock on that
     * resource; an entity tag when it is the resource's.
     */
    private boolean holds(IfHeader header, Target target, HttpServletRequest req) {
        for (IfHeader.Group g : header.groups()) {
            String key = target.key();
            UUID locker = target.locker();
            NodeView node = target.exists() ? target.node() : null;
            if (g.resource() != null) {
                String path = destinationPath(g.resource(), req, target.base());
                Optional<List<NodeName>> under = path == null ? Optional.empty() : namesUnder(path, target.base());
                if (under.isEmpty()) {
                    continue;
                }
                List<NodeName> names = under.get();
                Target tagged = at(target.caller(), target.link(), target.base(), names, target.dialect());
                FileTree.Resolved r = tagged.resolved();
                key = tagged.key();
                locker = tagged.locker();
                node = r.matched() == names.size() ? r.node() : null;
            }
            List<DavLocks.Lock> current = locks.covering(locker, key);
            boolean all = true;
            for (IfHeader.Condition c : g.conditions()) {
                boolean match;
                if (c.token() != null) {
                    match = current.stream().anyMatch(l -> l.token().equals(c.token()));
                } else {
                    String etag = c.etag().startsWith("W/") ? c.etag().substring(2) : c.etag();
                    match = node != null && etag.equals("\"" + node.etag() + "\"");
                }
                if (match == c.not()) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a write may go ahead under the locks (RFC 4918 section 7): every lock on the resource (and, when
     * {@code member}, on its parent collection; when {@code subtree}, beneath it) needs one of its tokens in the
     * If header. Answers 423 with lock-token-submitted and false when one is missing.
     */
    private boolean unlocked(
            Target target, boolean member, boolean subtree, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (lockFree(target)) {
            return true;
        }
        List<DavLocks.Lock> relevant = new ArrayList<>(locks.covering(target.locker(), target.key()));
        if (subtree) {
            relevant.addAll(locks.atOrBelow(target.locker(), target.key()));
        }
        if (member && !target.names().isEmpty()) {
            String parent = target.parentKey();
            locks.covering(target.locker(), parent).stream()
                    .filter(l -> l.path().equals(parent))
                    .forEach(relevant::add);
        }
        if (relevant.isEmpty()) {
            return true;
        }
        IfHeader header = IfHeader.parse(req.getHeader("If"));
        java.util.Set<String> submitted = header == null ? java.util.Set.of() : header.tokens();
        Map<String, List<DavLocks.Lock>> byRoot = new LinkedHashMap<>();
        for (DavLocks.Lock l : relevant) {
            byRoot.computeIfAbsent(l.path(), k -> new ArrayList<>()).add(l);
        }
        for (Map.Entry<String, List<DavLocks.Lock>> root : byRoot.entrySet()) {
            if (root.getValue().stream().noneMatch(l -> submitted.contains(l.token()))) {
                res.setStatus(423);
                res.setContentType("application/xml; charset=utf-8");
                String href = DavPath.href(
                        target.base(),
                        root.getKey().isEmpty()
                                ? List.of()
                                : List.of(root.getKey().split("/")),
                        false);
                byte[] body = ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:error xmlns:d=\"DAV:\">"
                                + "<d:lock-token-submitted><d:href>" + xmlText(href) + "</d:href>"
                                + "</d:lock-token-submitted></d:error>\n")
                        .getBytes(StandardCharsets.UTF_8);
                res.setContentLength(body.length);
                res.getOutputStream().write(body);
                return false;
            }
        }
        return true;
    }

    private static String xmlText(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /**
     * LOCK (RFC 4918 section 9.10): with a lockinfo body a new exclusive or shared write lock of Depth 0 or
     * infinity (an unmapped URL gets an empty file, 201); without a body a refresh of the lock named in the If
     * header. A conflicting lock answers 423.
     */
    private void lock(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        java.time.Duration timeout = DavLocks.timeout(req.getHeader("Timeout"));
        DavXml.LockInfo info = DavXml.lockinfo(req.getInputStream());
        DavLocks.Lock lock;
        boolean created = false;
        if (info == null) {
            IfHeader header = IfHeader.parse(req.getHeader("If"));
            if (header == null || header.tokens().isEmpty()) {
                error(res, 400, "a LOCK without a body refreshes the lock named in the If header");
                return;
            }
            Optional<DavLocks.Lock> refreshed = Optional.empty();
            for (String token : header.tokens()) {
                refreshed = locks.refresh(target.locker(), target.key(), token, timeout);
                if (refreshed.isPresent()) {
                    break;
                }
            }
            if (refreshed.isEmpty()) {
                error(res, 412, "no lock of the If header covers this resource");
                return;
            }
            lock = refreshed.get();
        } else {
            String depth = Optional.ofNullable(req.getHeader("Depth"))
                    .orElse("infinity")
                    .strip();
            if (!depth.equals("0") && !depth.equals("infinity")) {
                error(res, 400, "LOCK takes Depth: 0 or infinity");
                return;
            }
            if (!target.exists() && target.parent().isEmpty()) {
                error(res, 409, "the parent collection does not exist");
                return;
            }
            if (target.exists() && target.mount() != null) {
                // a lock claims the right to write: a viewer of a shared item has none to claim
                access.require(target.caller(), target.node().id(), dev.nubo.files.api.FileAccess.Need.WRITE);
            }
            Optional<DavLocks.Lock> granted = locks.lock(
                    target.locker(),
                    target.key(),
                    depth.equals("infinity")
                            && (!target.exists() || target.node().folder()),
                    info.exclusive(),
                    info.ownerXml(),
                    timeout);
            if (granted.isEmpty()) {
                davError(res, 423, "no-conflicting-lock", "the resource is locked");
                return;
            }
            lock = granted.get();
            if (!target.exists()) {
                try {
                    content.upload(
                            new FileContent.Upload(
                                    target.caller(),
                                    target.parent().get().id(),
                                    target.name(),
                                    ConflictMode.FAIL,
                                    Optional.of(0L),
                                    Optional.empty(),
                                    Optional.empty()),
                            java.io.InputStream.nullInputStream());
                } catch (NuboException | IOException e) {
                    locks.unlock(target.locker(), target.key(), lock.token());
                    throw e;
                }
                created = true;
            }
            res.setHeader("Lock-Token", "<" + lock.token() + ">");
        }
        res.setStatus(created ? 201 : 200);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 8 * 1024)) {
            javax.xml.stream.XMLStreamWriter w = Multistatus.document(out);
            w.setPrefix("d", DavXml.DAV);
            w.writeStartElement("d", "prop", DavXml.DAV);
            w.writeNamespace("d", DavXml.DAV);
            w.writeStartElement("d", "lockdiscovery", DavXml.DAV);
            activelock(w, lock, target);
            w.writeEndElement();
            w.writeEndElement();
            w.writeEndDocument();
            w.flush();
            w.close();
        } catch (javax.xml.stream.XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** UNLOCK (RFC 4918 section 9.11): 204, or 409 lock-token-matches-request-uri when the token does not apply. */
    private void unlock(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String header = req.getHeader("Lock-Token");
        if (header == null || !header.strip().startsWith("<") || !header.strip().endsWith(">")) {
            error(res, 400, "UNLOCK needs a Lock-Token header: <token>");
            return;
        }
        String token = header.strip().substring(1, header.strip().length() - 1);
        if (!locks.unlock(target.locker(), target.key(), token)) {
            davError(res, 409, "lock-token-matches-request-uri", "no such lock on this resource");
            return;
        }
        res.setStatus(204);
    }

    /** The DAV: properties the server computes; a PROPPATCH may not set or remove them. */
    static final java.util.Set<String> LIVE = java.util.Set.of(
            "resourcetype",
            "getetag",
            "getlastmodified",
            "creationdate",
            "getcontenttype",
            "getcontentlength",
            "supportedlock",
            "lockdiscovery",
            "quota-used-bytes",
            "quota-available-bytes");

    /**
     * COPY and MOVE (RFC 4918 sections 9.8 and 9.9): Destination within the same tree (another server 502, another
     * tree 403), Overwrite (T by default; F and an existing destination 412; T trashes what was there and answers
     * 204), Depth (COPY: infinity or 0, which copies a collection without its members; MOVE: infinity only).
     */
    private void copyOrMove(Target source, HttpServletRequest req, HttpServletResponse res, boolean move)
            throws IOException {
        String destination = req.getHeader("Destination");
        if (destination == null || destination.isBlank()) {
            error(res, 400, "a Destination header is required");
            return;
        }
        String depth =
                Optional.ofNullable(req.getHeader("Depth")).orElse("infinity").strip();
        if (!depth.equals("infinity") && !(depth.equals("0") && !move)) {
            error(res, 400, move ? "MOVE takes Depth: infinity only" : "COPY takes Depth: 0 or infinity");
            return;
        }
        String overwrite =
                Optional.ofNullable(req.getHeader("Overwrite")).orElse("T").strip();
        if (!overwrite.equals("T") && !overwrite.equals("F")) {
            error(res, 400, "Overwrite must be T or F");
            return;
        }
        if (!source.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        if (source.names().isEmpty()) {
            error(res, 403, "the root collection cannot be copied or moved");
            return;
        }
        String destPath = destinationPath(destination, req, source.base());
        if (destPath == null) {
            error(res, 502, "the Destination is on another server");
            return;
        }
        Optional<List<NodeName>> under = namesUnder(destPath, source.base());
        if (under.isEmpty()) {
            error(res, 403, "the Destination is outside this tree");
            return;
        }
        List<NodeName> names = under.get();
        Target dest = at(source.caller(), source.link(), source.base(), names, source.dialect());
        if (names.isEmpty() || names.equals(source.names())) {
            error(res, 403, "the source and the destination are the same");
            return;
        }
        if (dest.virtual()) {
            error(res, 403, "'" + dest.node().name() + "' lists what others share with you; it is read-only");
            return;
        }
        if ((move && !unlocked(source, true, true, req, res)) || !unlocked(dest, true, dest.exists(), req, res)) {
            return;
        }
        Optional<NodeView> parent = dest.parent();
        boolean replaced = dest.exists();
        if (!replaced && parent.isEmpty()) {
            error(res, 409, "the Destination's parent collection does not exist");
            return;
        }
        if (replaced) {
            if (overwrite.equals("F")) {
                error(res, 412, "the Destination exists and Overwrite is F");
                return;
            }
            if (isWithin(source.names(), names)) {
                error(res, 403, "a resource cannot replace one of its own ancestors");
                return;
            }
            tree.trash(source.caller(), dest.node().id());
            releaseLocks(dest);
            dest = at(source.caller(), source.link(), source.base(), names, source.dialect());
            parent = dest.parent();
        }
        long into = parent.orElseThrow().id();
        NodeView node = source.node();
        if (move) {
            try {
                tree.move(source.caller(), node.id(), into, Optional.of(dest.name()), ConflictMode.FAIL);
            } catch (NuboException e) {
                if ("other_owner".equals(e.code())) {
                    // RFC 4918 section 9.9.4: the destination is storage that will not take the resource; clients
                    // read 502 on MOVE as "copy, then delete"
                    error(res, 502, e.getMessage());
                    return;
                }
                throw e;
            }
            releaseLocks(source);
        } else {
            NodeView copy = node.folder() && depth.equals("0")
                    ? tree.createFolder(source.caller(), into, dest.name())
                    : tree.copy(source.caller(), node.id(), into, Optional.of(dest.name()), ConflictMode.FAIL);
            dead.copySubtree(node.id(), copy.id());
        }
        if (!replaced) {
            res.setHeader("Location", dest.href(node.folder()));
        }
        res.setContentLength(0);
        res.setStatus(replaced ? 204 : 201);
    }

    /** Whether {@code inner} lies at or below {@code outer}. */
    private static boolean isWithin(List<NodeName> inner, List<NodeName> outer) {
        return inner.size() >= outer.size() && inner.subList(0, outer.size()).equals(outer);
    }

    /**
     * The raw path of a Destination header (an absolute URI or an absolute path), or null when it names another
     * server. Query and fragment are not part of a DAV path.
     */
    static String destinationPath(String destination, HttpServletRequest req, String base) {
        String d = destination.strip();
        if (d.startsWith("/")) {
            return stripQuery(d);
        }
        int scheme = d.indexOf("://");
        if (scheme < 0) {
            throw NuboException.invalid("the Destination is neither an absolute URI nor an absolute path");
        }
        int pathStart = d.indexOf('/', scheme + 3);
        String authority = pathStart < 0 ? d.substring(scheme + 3) : d.substring(scheme + 3, pathStart);
        String host = req.getHeader("Host");
        boolean sameServer = authority.equalsIgnoreCase(host == null ? "" : host)
                || authority.equalsIgnoreCase(req.getServerName() + ":" + req.getServerPort())
                || (authority.equalsIgnoreCase(req.getServerName())
                        && (req.getServerPort() == 80 || req.getServerPort() == 443));
        if (!sameServer) {
            return null;
        }
        return pathStart < 0 ? "/" : stripQuery(d.substring(pathStart));
    }

    private static String stripQuery(String path) {
        int cut = path.indexOf('?');
        int hash = path.indexOf('#');
        if (hash >= 0 && (cut < 0 || hash < cut)) {
            cut = hash;
        }
        return cut < 0 ? path : path.substring(0, cut);
    }

    private void delete(Target target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (!target.exists()) {
            error(res, 404, "nothing at this path");
            return;
        }
        if (target.names().isEmpty()) {
            error(res, 403, "the root collection cannot be deleted");
            return;
        }
        if (!unlocked(target, true, true, req, res)) {
            return;
        }
        tree.trash(target.caller(), target.node().id());
        releaseLocks(target);
        res.setStatus(204);
    }

    public static int status(NuboException e) {
        if (e.kind() == ErrorKind.CONFLICT && "into_own_subtree".equals(e.code())) {
            return 403; // RFC 4918: a collection copied or moved into itself
        }
        if (e.kind() == ErrorKind.CONFLICT && "name_taken".equals(e.code())) {
            return 412; // a concurrent writer created it between our check and our write
        }
        return e.kind().httpStatus();
    }

    /** A plain-text error answer: the status and one line saying why. */
    public static void error(HttpServletResponse res, int status, String message) throws IOException {
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
