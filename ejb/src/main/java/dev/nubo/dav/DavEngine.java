package dev.nubo.dav;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.IfHeader;
import dev.nubo.files.api.NodeName;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * WebDAV (RFC 4918) over the files core, shared by the DAV and Nextcloud surfaces: a WAR authenticates, says where
 * the user's tree is mounted (the encoded href base) and hands over the rest of the path. This class finds the
 * request's resource ({@link DavTargets}), checks its If header and hands the request to the class of its method:
 * {@link PropfindMethod}, {@link GetMethod}, {@link WriteMethods} (PUT, MKCOL, PROPPATCH), {@link CopyMoveMethods}
 * (COPY, MOVE, DELETE), {@link LockMethods} (LOCK, UNLOCK) and, in the Nextcloud dialect, {@link NextcloudFavorites}
 * (REPORT). Every rule (permissions, quota, trash, etags) is the files core's; these classes only speak the protocol,
 * and every error they raise ({@link DavException}) or the core raises is answered by {@link DavErrors}.
 */
@ApplicationScoped
public class DavEngine {
    @Inject
    DavTargets targets;

    @Inject
    PropfindMethod propfind;

    @Inject
    GetMethod get;

    @Inject
    WriteMethods writes;

    @Inject
    CopyMoveMethods copyMove;

    @Inject
    LockMethods locks;

    @Inject
    NextcloudFavorites favorites;

    private static final List<String> READS = List.of("OPTIONS", "PROPFIND", "GET", "HEAD");

    /**
     * Serves one request on the user's tree.
     *
     * @param base the encoded href of the tree's root, ending in '/' ("/dav/files/alice/")
     * @param rawPath the rest of the request path, still percent-encoded
     */
    public void serve(
            AuthenticatedUser user, String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        serve(user, base, rawPath, req, res, DavDialect.WEBDAV);
    }

    /** As {@link #serve(AuthenticatedUser, String, String, HttpServletRequest, HttpServletResponse)}, in a dialect. */
    public void serve(
            AuthenticatedUser user,
            String base,
            String rawPath,
            HttpServletRequest req,
            HttpServletResponse res,
            DavDialect dialect)
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
        dispatch(link.owner(), link, base, rawPath, req, res, DavDialect.WEBDAV);
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
            DavTarget target = conditioned(user.userId(), null, base, rawPath, DavDialect.NEXTCLOUD, req);
            writes.put(target, req, res, body, Optional.of(length));
        } catch (DavException | NuboException e) {
            DavErrors.answer(res, e);
        }
    }

    private void dispatch(
            UUID caller,
            LinkSpace link,
            String base,
            String rawPath,
            HttpServletRequest req,
            HttpServletResponse res,
            DavDialect dialect)
            throws IOException {
        try {
            DavTarget target = conditioned(caller, link, base, rawPath, dialect, req);
            if (target.virtual() && !READS.contains(req.getMethod())) {
                throw DavException.of(
                        403, "'" + target.node().name() + "' lists what others share with you; it is read-only");
            }
            switch (req.getMethod()) {
                case "OPTIONS" -> options(res);
                case "PROPFIND" -> propfind.propfind(target, req, res);
                case "GET" -> get.get(target, req, res, false);
                case "HEAD" -> get.get(target, req, res, true);
                case "PUT" -> writes.put(target, req, res, req.getInputStream(), WriteMethods.declaredLength(req));
                case "MKCOL" -> writes.mkcol(target, req, res);
                case "PROPPATCH" -> writes.proppatch(target, req, res);
                case "DELETE" -> copyMove.delete(target, req, res);
                case "COPY" -> copyMove.copyOrMove(target, req, res, false);
                case "MOVE" -> copyMove.copyOrMove(target, req, res, true);
                case "LOCK" -> locks.lock(target, req, res);
                case "UNLOCK" -> locks.unlock(target, req, res);
                case "REPORT" -> {
                    if (dialect != DavDialect.NEXTCLOUD) {
                        throw DavException.notAllowed("REPORT is not supported on files");
                    }
                    favorites.filterFiles(target, req, res);
                }
                default -> throw DavException.notAllowed(req.getMethod() + " is not supported here");
            }
        } catch (DavException | NuboException e) {
            DavErrors.answer(res, e);
        }
    }

    /** The request's resource; 412 when its If header does not hold. */
    private DavTarget conditioned(
            UUID caller, LinkSpace link, String base, String rawPath, DavDialect dialect, HttpServletRequest req) {
        List<NodeName> names = DavPath.names(rawPath);
        DavTarget target = targets.at(caller, link, base, names, dialect);
        IfHeader conditions = IfHeader.parse(req.getHeader("If"));
        if (conditions != null && !locks.holds(conditions, target, req)) {
            throw DavException.of(412, "the If header's conditions do not hold");
        }
        return target;
    }

    private static void options(HttpServletResponse res) {
        res.setHeader("DAV", "1, 2, 3");
        res.setHeader("MS-Author-Via", "DAV");
        res.setHeader("Allow", DavException.ALLOW);
        res.setHeader("Accept-Ranges", "bytes");
        res.setContentLength(0);
        res.setStatus(200);
    }
}
