package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.api.Thumbnails;
import dev.nubo.platform.api.NuboException;
import dev.nubo.users.api.Avatars;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The preview and avatar endpoints the Nextcloud clients call, both behind authentication (a 304 or a 404 is
 * only ever decided after it). Previews: the file is found by {@code fileId} or {@code file} among what the caller
 * may read, then its thumbnail in the smallest size at least as large as asked ({@code x}, {@code y}; {@code a=1}
 * keeps the aspect, as Nubo's thumbnails always do) with an ETag that names content and size, and 304 on a match;
 * a file with no thumbnail (not an image Nubo renders) answers the 404 Nextcloud gives a file without a preview.
 * Avatars: a generated image per name, with its content hash as ETag.
 */
@ApplicationScoped
public class Previews {
    static final String PREVIEW = "/core/preview";
    static final String PREVIEW_PNG = "/core/preview.png";
    static final String AVATAR = "/avatar/";

    @Inject
    FileTree tree;

    @Inject
    dev.nubo.dav.SharedWithMe sharedWithMe;

    @Inject
    Avatars avatars;

    @Inject
    dev.nubo.media.api.Thumbnails thumbnails;

    static boolean handles(String path) {
        return path.equals(PREVIEW) || path.equals(PREVIEW_PNG) || path.startsWith(AVATAR);
    }

    void serve(AuthenticatedUser user, String path, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            res.setHeader("Allow", "GET, HEAD");
            DavErrors.error(res, 405, "use GET");
            return;
        }
        if (path.startsWith(AVATAR)) {
            avatar(path.substring(AVATAR.length()), req, res);
        } else {
            preview(user, req, res);
        }
    }

    private void preview(AuthenticatedUser user, HttpServletRequest req, HttpServletResponse res) throws IOException {
        int wanted = Math.max(dimension(req, "x"), dimension(req, "y"));
        String fileId = req.getParameter("fileId");
        String file = req.getParameter("file");
        NodeView node;
        if (fileId != null) {
            long id;
            try {
                id = Long.parseLong(fileId.strip());
            } catch (NumberFormatException e) {
                throw NuboException.invalid("fileId must be a number");
            }
            node = tree.get(user.userId(), id);
        } else if (file != null) {
            List<NodeName> names = new ArrayList<>();
            for (String s : file.split("/")) {
                if (!s.isEmpty()) {
                    names.add(NodeName.of(s));
                }
            }
            // by path as the client knows it: its own tree or the "Shared with me" collection
            FileTree.Resolved resolved =
                    sharedWithMe.resolve(user.userId(), names).resolved();
            if (resolved.matched() != names.size()) {
                throw NuboException.notFound("file");
            }
            node = resolved.node();
        } else {
            throw NuboException.invalid("give fileId or file");
        }
        ThumbnailSize size = java.util.Arrays.stream(ThumbnailSize.values())
                .filter(s -> s.px() >= wanted)
                .findFirst()
                .orElse(ThumbnailSize.LARGE);
        Optional<Thumbnails.Found> found =
                node.folder() ? Optional.empty() : thumbnails.of(user.userId(), node.id(), size);
        res.setHeader("Cache-Control", "private, max-age=86400");
        if (found.isEmpty()) {
            DavErrors.error(res, 404, "no preview for '" + node.name() + "'");
            return;
        }
        Thumbnails.Found t = found.get();
        res.setHeader("ETag", t.etag());
        String inm = req.getHeader("If-None-Match");
        if (inm != null
                && (inm.strip().equals("*") || List.of(inm.split("\\s*,\\s*")).contains(t.etag()))) {
            res.setStatus(304);
            return;
        }
        res.setContentType(t.mimeType());
        res.setContentLengthLong(java.nio.file.Files.size(t.file()));
        if (req.getMethod().equals("GET")) {
            java.nio.file.Files.copy(t.file(), res.getOutputStream());
        }
    }

    /** A requested size in pixels; 0 when not given. */
    private static int dimension(HttpServletRequest req, String name) {
        String value = req.getParameter(name);
        if (value == null) {
            return 0;
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n < 1 || n > 4096) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw NuboException.invalid(name + " must be a size in pixels, 1 to 4096");
        }
    }

    private void avatar(String rest, HttpServletRequest req, HttpServletResponse res) throws IOException {
        String[] parts = rest.split("/");
        if (parts.length < 2 || parts[0].isEmpty()) {
            DavErrors.error(res, 404, "an avatar is at /avatar/{user}/{size}");
            return;
        }
        int size;
        try {
            size = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            DavErrors.error(res, 400, "the avatar size must be a number of pixels");
            return;
        }
        Avatars.Image image = avatars.of(dev.nubo.dav.core.DavPath.decode(parts[0]), size);
        String etag = "\"" + image.sha256() + "\"";
        res.setHeader("ETag", etag);
        res.setHeader("Cache-Control", "private, max-age=86400");
        String inm = req.getHeader("If-None-Match");
        if (inm != null
                && (inm.strip().equals("*") || List.of(inm.split("\\s*,\\s*")).contains(etag))) {
            res.setStatus(304);
            return;
        }
        res.setContentType("image/png");
        res.setContentLength(image.png().length);
        if (req.getMethod().equals("GET")) {
            res.getOutputStream().write(image.png());
        }
    }
}
