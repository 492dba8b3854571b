package dev.nubo.dav;

import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DeadProperties;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** COPY, MOVE and DELETE (RFC 4918 sections 9.6, 9.8 and 9.9) on the file trees. */
@ApplicationScoped
class CopyMoveMethods {
    @Inject
    FileTree tree;

    @Inject
    DeadProperties dead;

    @Inject
    LockMethods locks;

    @Inject
    DavTargets targets;

    /**
     * COPY and MOVE (RFC 4918 sections 9.8 and 9.9): Destination within the same tree (another server 502, another
     * tree 403), Overwrite (T by default; F and an existing destination 412; T trashes what was there and answers
     * 204), Depth (COPY: infinity or 0, which copies a collection without its members; MOVE: infinity only).
     */
    void copyOrMove(DavTarget source, HttpServletRequest req, HttpServletResponse res, boolean move)
            throws IOException {
        String destination = req.getHeader("Destination");
        if (destination == null || destination.isBlank()) {
            throw DavException.of(400, "a Destination header is required");
        }
        String depth =
                Optional.ofNullable(req.getHeader("Depth")).orElse("infinity").strip();
        if (!depth.equals("infinity") && !(depth.equals("0") && !move)) {
            throw DavException.of(400, move ? "MOVE takes Depth: infinity only" : "COPY takes Depth: 0 or infinity");
        }
        String overwrite =
                Optional.ofNullable(req.getHeader("Overwrite")).orElse("T").strip();
        if (!overwrite.equals("T") && !overwrite.equals("F")) {
            throw DavException.of(400, "Overwrite must be T or F");
        }
        if (!source.exists()) {
            throw DavException.of(404, "nothing at this path");
        }
        if (source.names().isEmpty()) {
            throw DavException.of(403, "the root collection cannot be copied or moved");
        }
        String destPath = destinationPath(destination, req, source.base());
        if (destPath == null) {
            throw DavException.of(502, "the Destination is on another server");
        }
        Optional<List<NodeName>> under = DavTargets.namesUnder(destPath, source.base());
        if (under.isEmpty()) {
            throw DavException.of(403, "the Destination is outside this tree");
        }
        List<NodeName> names = under.get();
        DavTarget dest = targets.at(source.caller(), source.link(), source.base(), names, source.dialect());
        if (names.isEmpty() || names.equals(source.names())) {
            throw DavException.of(403, "the source and the destination are the same");
        }
        if (dest.virtual()) {
            throw DavException.of(
                    403, "'" + dest.node().name() + "' lists what others share with you; it is read-only");
        }
        if (move) {
            locks.requireUnlocked(source, true, true, req);
        }
        locks.requireUnlocked(dest, true, dest.exists(), req);
        Optional<NodeView> parent = dest.parent();
        boolean replaced = dest.exists();
        if (!replaced && parent.isEmpty()) {
            throw DavException.of(409, "the Destination's parent collection does not exist");
        }
        if (replaced) {
            if (overwrite.equals("F")) {
                throw DavException.of(412, "the Destination exists and Overwrite is F");
            }
            if (isWithin(source.names(), names)) {
                throw DavException.of(403, "a resource cannot replace one of its own ancestors");
            }
            tree.trash(source.caller(), dest.node().id());
            locks.releaseLocks(dest);
            dest = targets.at(source.caller(), source.link(), source.base(), names, source.dialect());
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
                    throw DavException.of(502, e.getMessage());
                }
                throw e;
            }
            locks.releaseLocks(source);
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

    void delete(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (!target.exists()) {
            throw DavException.of(404, "nothing at this path");
        }
        if (target.names().isEmpty()) {
            throw DavException.of(403, "the root collection cannot be deleted");
        }
        locks.requireUnlocked(target, true, true, req);
        tree.trash(target.caller(), target.node().id());
        locks.releaseLocks(target);
        res.setStatus(204);
    }
}
