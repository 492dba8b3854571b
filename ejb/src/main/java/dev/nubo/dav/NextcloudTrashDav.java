package dev.nubo.dav;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.VirtualCollection;
import dev.nubo.files.api.FileTree;
import dev.nubo.platform.api.NuboException;
import dev.nubo.trash.api.Trash;
import dev.nubo.trash.api.TrashItem;
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
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * Nextcloud's trash bin and versions in its WebDAV dialect, over the one {@link Trash} every surface shares:
 * {@code trashbin/{user}/trash} lists the deleted items (each named {@code {name}.d{deleted at}.{id}}) with
 * nc:trashbin-filename, nc:trashbin-original-location and nc:trashbin-deletion-time; MOVE of an item into {@code
 * trashbin/{user}/restore/} restores it; DELETE purges an item, or on the trash itself empties it. {@code
 * versions/{user}/versions/{fileId}} is an empty collection: Nubo keeps no versions yet.
 */
@ApplicationScoped
public class NextcloudTrashDav {
    static final String ALLOW = "OPTIONS, PROPFIND, MOVE, DELETE";
    private static final Set<String> DAV_PROPS =
            Set.of("resourcetype", "getcontentlength", "getcontenttype", "getlastmodified", "getetag", "displayname");

    @Inject
    Trash trash;

    @Inject
    FileTree tree;

    /**
     * Serves a path below {@code trashbin/{user}}.
     *
     * @param home the encoded href of {@code trashbin/{user}/}
     * @param rawPath what follows it (still encoded)
     */
    public void trashbin(
            AuthenticatedUser user, String home, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            List<String> segments = DavPath.segments(rawPath);
            String method = req.getMethod();
            if (method.equals("OPTIONS")) {
                options(res);
            } else if (segments.isEmpty()) {
                if (!method.equals("PROPFIND")) {
                    notAllowed(res);
                    return;
                }
                VirtualCollection.serve(home, List.of(home + "trash/", home + "restore/"), req, res);
            } else if (segments.get(0).equals("restore") && segments.size() == 1) {
                VirtualCollection.serve(home + "restore/", List.of(), req, res);
            } else if (!segments.get(0).equals("trash") || segments.size() > 2) {
                DavErrors.error(res, 404, "nothing at this path");
            } else if (segments.size() == 1) {
                trashRoot(user, home + "trash/", req, res);
            } else {
                item(user, home, segments.get(1), req, res);
            }
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    private void trashRoot(AuthenticatedUser user, String href, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        switch (req.getMethod()) {
            case "PROPFIND" -> {
                DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
                boolean children = ChunkedUploadDav.depth(req, res);
                if (res.isCommitted()) {
                    return;
                }
                try (Multistatus ms = open(res)) {
                    describe(ms, href, null, asked, page(user));
                    if (children) {
                        Optional<Long> after = Optional.empty();
                        do {
                            Trash.Page page = trash.list(user.userId(), after, Trash.MAX_PAGE);
                            for (TrashItem item : page.items()) {
                                describe(
                                        ms,
                                        href
                                                + DavPath.encode(name(item))
                                                + (item.node().folder() ? "/" : ""),
                                        item,
                                        asked,
                                        page(user));
                            }
                            after = page.next();
                        } while (after.isPresent());
                    }
                }
            }
            case "DELETE" -> {
                trash.empty(user.userId());
                res.setStatus(204);
            }
            default -> notAllowed(res);
        }
    }

    private void item(AuthenticatedUser user, String home, String name, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        long id = idOf(name);
        switch (req.getMethod()) {
            case "PROPFIND" -> {
                DavXml.Propfind asked = DavXml.propfind(req.getInputStream());
                TrashItem found = find(user, id);
                try (Multistatus ms = open(res)) {
                    describe(
                            ms,
                            home + "trash/" + DavPath.encode(name(found))
                                    + (found.node().folder() ? "/" : ""),
                            found,
                            asked,
                            page(user));
                }
            }
            case "DELETE" -> {
                trash.purge(user.userId(), id);
                res.setStatus(204);
            }
            case "MOVE" -> {
                String destination = req.getHeader("Destination");
                String path = destination == null
                        ? null
                        : URI.create(destination.strip()).getRawPath();
                if (path == null || !path.startsWith(home + "restore/")) {
                    DavErrors.error(res, 403, "a trashed item can only be moved into " + home + "restore/");
                    return;
                }
                trash.restore(user.userId(), id);
                res.setStatus(201);
            }
            default -> notAllowed(res);
        }
    }

    /** The item, by a page walk of the caller's trash (which holds only the caller's items). */
    private TrashItem find(AuthenticatedUser user, long id) {
        Optional<Long> after = Optional.empty();
        do {
            Trash.Page page = trash.list(user.userId(), after, Trash.MAX_PAGE);
            for (TrashItem item : page.items()) {
                if (item.node().id() == id) {
                    return item;
                }
            }
            after = page.next();
        } while (after.isPresent());
        throw NuboException.notFound("trashed item");
    }

    /** Serves {@code versions/{user}/…}: the home, and for each of the caller's files an empty collection. */
    public void versions(
            AuthenticatedUser user, String home, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            List<String> segments = DavPath.segments(rawPath);
            if (req.getMethod().equals("OPTIONS")) {
                options(res);
            } else if (segments.isEmpty()) {
                VirtualCollection.serve(home, List.of(home + "versions/"), req, res);
            } else if (segments.get(0).equals("versions") && segments.size() == 1) {
                VirtualCollection.serve(home + "versions/", List.of(), req, res);
            } else if (segments.get(0).equals("versions") && segments.size() == 2) {
                long id = parseId(segments.get(1));
                tree.get(user.userId(), id); // 404 unless the caller may see it
                VirtualCollection.serve(home + "versions/" + id + "/", List.of(), req, res);
            } else {
                DavErrors.error(res, 404, "no such version: Nubo keeps no versions yet");
            }
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    private static NextcloudProperties.Page page(AuthenticatedUser user) {
        return new NextcloudProperties.Page(user.username(), user.username(), Set.of());
    }

    static String name(TrashItem item) {
        return item.node().name() + ".d" + item.trashedAt().toEpochSecond() + "."
                + item.node().id();
    }

    private static long idOf(String name) {
        int dot = name.lastIndexOf('.');
        return parseId(dot < 0 ? "" : name.substring(dot + 1));
    }

    private static long parseId(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw NuboException.notFound("trashed item");
        }
    }

    private static void describe(
            Multistatus ms, String href, TrashItem item, DavXml.Propfind asked, NextcloudProperties.Page page)
            throws IOException {
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
        List<QName> missing = new ArrayList<>();
        List<QName> names = asked.kind() == DavXml.Propfind.Kind.PROP
                ? asked.names()
                : List.of(
                        DavXml.dav("resourcetype"),
                        DavXml.dav("getcontentlength"),
                        DavXml.dav("getlastmodified"),
                        DavXml.dav("getetag"),
                        new QName(NextcloudProperties.NC, "trashbin-filename"),
                        new QName(NextcloudProperties.NC, "trashbin-original-location"),
                        new QName(NextcloudProperties.NC, "trashbin-deletion-time"));
        for (QName n : names) {
            Optional<Multistatus.Value> value = value(n, item, page);
            if (value == null) {
                missing.add(n);
            } else {
                found.put(n, value.orElse(null));
            }
        }
        ms.response(href, found, missing);
    }

    @SuppressWarnings("java:S2789")
    private static Optional<Multistatus.Value> value(QName n, TrashItem item, NextcloudProperties.Page page) {
        boolean dav = DavXml.DAV.equals(n.getNamespaceURI());
        if (item == null) {
            return dav && n.getLocalPart().equals("resourcetype")
                    ? Optional.of(w -> w.writeEmptyElement("d", "collection", DavXml.DAV))
                    : null;
        }
        if (dav) {
            return DAV_PROPS.contains(n.getLocalPart())
                    ? LiveProperties.live(n, item.node(), false, null, w -> {})
                    : null;
        }
        if (NextcloudProperties.NC.equals(n.getNamespaceURI())) {
            String text =
                    switch (n.getLocalPart()) {
                        case "trashbin-filename" -> item.node().name();
                        case "trashbin-original-location" -> item.originalPath().substring(1);
                        case "trashbin-deletion-time" ->
                            Long.toString(item.trashedAt().toEpochSecond());
                        default -> null;
                    };
            if (text != null) {
                return Optional.of(w -> w.writeCharacters(text));
            }
        }
        return NextcloudProperties.property(n, item.node(), page);
    }

    private static Multistatus open(HttpServletResponse res) throws IOException {
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        OutputStream out = new ByteSink(res.getOutputStream(), 64 * 1024);
        return new Multistatus(out, NextcloudProperties.NAMESPACES);
    }

    private static void options(HttpServletResponse res) {
        res.setHeader("DAV", "1, 2, 3");
        res.setHeader("Allow", ALLOW);
        res.setStatus(200);
    }

    private static void notAllowed(HttpServletResponse res) throws IOException {
        res.setHeader("Allow", ALLOW);
        DavErrors.error(res, 405, "not supported in the trash bin");
    }
}
