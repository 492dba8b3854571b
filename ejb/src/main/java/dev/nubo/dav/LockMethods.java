package dev.nubo.dav;

import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavLocks;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.IfHeader;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * WebDAV locks on the file trees (RFC 4918 sections 6, 7 and 10.4): LOCK and UNLOCK, whether an If header holds,
 * whether a write may go ahead under the locks, and the lockdiscovery property.
 */
@ApplicationScoped
class LockMethods {
    @Inject
    DavLocks locks;

    @Inject
    FileContent content;

    @Inject
    dev.nubo.files.api.FileAccess access;

    @Inject
    DavTargets targets;

    static final Multistatus.Value NO_LOCKS = w -> {};

    /**
     * Whether the target's lock space holds no lock at all (the usual case): then neither its key nor its locks need
     * working out — inside a share or drive the key costs a read of the item's path in its owner's tree.
     */
    boolean lockFree(DavTarget target) {
        return !locks.anyIn(target.locker());
    }

    void releaseLocks(DavTarget target) {
        if (!lockFree(target)) {
            locks.release(target.locker(), target.key());
        }
    }

    /** The lockdiscovery value of a path: an activelock per lock covering it. */
    Multistatus.Value lockdiscovery(String key, DavTarget target) {
        return lockdiscovery(locks.covering(target.locker(), key), target);
    }

    static Multistatus.Value lockdiscovery(List<DavLocks.Lock> covering, DavTarget target) {
        return w -> {
            for (DavLocks.Lock lock : covering) {
                activelock(w, lock, target);
            }
        };
    }

    private static void activelock(javax.xml.stream.XMLStreamWriter w, DavLocks.Lock lock, DavTarget target)
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
    boolean holds(IfHeader header, DavTarget target, HttpServletRequest req) {
        for (IfHeader.Group g : header.groups()) {
            String key = target.key();
            UUID locker = target.locker();
            NodeView node = target.exists() ? target.node() : null;
            if (g.resource() != null) {
                String path = CopyMoveMethods.destinationPath(g.resource(), req, target.base());
                Optional<List<NodeName>> under =
                        path == null ? Optional.empty() : DavTargets.namesUnder(path, target.base());
                if (under.isEmpty()) {
                    continue;
                }
                List<NodeName> names = under.get();
                DavTarget tagged = targets.at(target.caller(), target.link(), target.base(), names, target.dialect());
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
     * If header. Throws 423 with lock-token-submitted when one is missing.
     */
    void requireUnlocked(DavTarget target, boolean member, boolean subtree, HttpServletRequest req) {
        if (lockFree(target)) {
            return;
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
            return;
        }
        IfHeader header = IfHeader.parse(req.getHeader("If"));
        java.util.Set<String> submitted = header == null ? java.util.Set.of() : header.tokens();
        Map<String, List<DavLocks.Lock>> byRoot = new LinkedHashMap<>();
        for (DavLocks.Lock l : relevant) {
            byRoot.computeIfAbsent(l.path(), k -> new ArrayList<>()).add(l);
        }
        for (Map.Entry<String, List<DavLocks.Lock>> root : byRoot.entrySet()) {
            if (root.getValue().stream().noneMatch(l -> submitted.contains(l.token()))) {
                String href = DavPath.href(
                        target.base(),
                        root.getKey().isEmpty()
                                ? List.of()
                                : List.of(root.getKey().split("/")),
                        false);
                throw DavException.precondition(423, "lock-token-submitted", href, "the resource is locked");
            }
        }
    }

    /**
     * LOCK (RFC 4918 section 9.10): with a lockinfo body a new exclusive or shared write lock of Depth 0 or
     * infinity (an unmapped URL gets an empty file, 201); without a body a refresh of the lock named in the If
     * header. A conflicting lock answers 423.
     */
    void lock(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        java.time.Duration timeout = DavLocks.timeout(req.getHeader("Timeout"));
        DavXml.LockInfo info = DavXml.lockinfo(req.getInputStream());
        DavLocks.Lock lock;
        boolean created = false;
        if (info == null) {
            IfHeader header = IfHeader.parse(req.getHeader("If"));
            if (header == null || header.tokens().isEmpty()) {
                throw DavException.of(400, "a LOCK without a body refreshes the lock named in the If header");
            }
            Optional<DavLocks.Lock> refreshed = Optional.empty();
            for (String token : header.tokens()) {
                refreshed = locks.refresh(target.locker(), target.key(), token, timeout);
                if (refreshed.isPresent()) {
                    break;
                }
            }
            if (refreshed.isEmpty()) {
                throw DavException.of(412, "no lock of the If header covers this resource");
            }
            lock = refreshed.get();
        } else {
            String depth = Optional.ofNullable(req.getHeader("Depth"))
                    .orElse("infinity")
                    .strip();
            if (!depth.equals("0") && !depth.equals("infinity")) {
                throw DavException.of(400, "LOCK takes Depth: 0 or infinity");
            }
            if (!target.exists() && target.parent().isEmpty()) {
                throw DavException.of(409, "the parent collection does not exist");
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
                throw DavException.precondition(423, "no-conflicting-lock", "the resource is locked");
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
    void unlock(DavTarget target, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String header = req.getHeader("Lock-Token");
        if (header == null || !header.strip().startsWith("<") || !header.strip().endsWith(">")) {
            throw DavException.of(400, "UNLOCK needs a Lock-Token header: <token>");
        }
        String token = header.strip().substring(1, header.strip().length() - 1);
        if (!locks.unlock(target.locker(), target.key(), token)) {
            throw DavException.precondition(409, "lock-token-matches-request-uri", "no such lock on this resource");
        }
        res.setStatus(204);
    }
}
