package dev.nubo.dav;

import dev.nubo.auth.api.BasicCredentials;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavPath;
import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.NodeName;
import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkPermission.Need;
import dev.nubo.links.api.OpenLink;
import dev.nubo.links.api.PublicLinks;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.cache.Caches;
import dev.nubo.platform.web.BasicAuthGate;
import dev.nubo.platform.web.RequestLogFilter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.cache.Cache;

/**
 * Public WebDAV access to a link, without an account: {@code /dav/public/{token}/} (the token in the path) and
 * Nextcloud's {@code public.php/webdav/} (the token as the Basic user name). The link's item is the tree's root; a
 * file link is a collection holding the one file. A password-protected link takes HTTP Basic with the link's password
 * (any user name on /dav/public), checked through the same throttled, audited path as the web page's unlock; a right
 * password is remembered for {@link #VERIFIED_FOR} so a client's many requests cost one Argon2id check.
 *
 * <p>What each permission allows: {@code view} PROPFIND (no GET: the web page's inline preview has no WebDAV
 * counterpart, so content is refused with 403); {@code download} PROPFIND, GET and HEAD; {@code drop} PUT of new
 * files into the link's folder only (a clash keeps both, renaming the new file, as the web page does) and a PROPFIND
 * of the folder itself at depth 0, nothing else; {@code edit} everything, writes charged to the owner's quota and
 * deletions to the owner's trash. A dead link (unknown, revoked, expired, exhausted, in the trash, or made by someone
 * who may no longer share it) answers 404 whatever the method. A GET that sends a file from its first byte counts as
 * one download (HEAD, PROPFIND, 304s and ranges starting later do not). Reads are audited once per link and address
 * every ten minutes; each write and each counted download is audited.
 */
@ApplicationScoped
public class PublicLinkDav {
    static final String REALM = "Nubo public link";
    static final Duration VERIFIED_FOR = Duration.ofMinutes(10);
    private static final Set<String> EDITS = Set.of("MKCOL", "DELETE", "MOVE", "COPY", "PROPPATCH", "LOCK", "UNLOCK");

    @Inject
    PublicLinks links;

    @Inject
    DavEngine engine;

    @Inject
    Caches caches;

    private Cache<String, Boolean> verified;

    @PostConstruct
    void init() {
        verified = caches.cache("link-dav-password", String.class, Boolean.class, 10_000, VERIFIED_FOR);
    }

    /** {@code /dav/public/{token}/…}; {@code base} is the encoded href of the link's root, ending in '/'. */
    public void serve(String token, String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            link(token, base, rawPath, req, res);
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    /**
     * Nextcloud's {@code public.php/webdav/…}: the Basic user name is the token (as Nextcloud's clients and rclone's
     * nextcloud vendor send it), the password the link's; no credentials at all answer 401 with a challenge.
     */
    public void serveNextcloud(String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        try {
            BasicCredentials credentials = credentials(req);
            if (credentials == null) {
                challenge(res, "give the link's token as the user name");
                return;
            }
            link(credentials.username(), base, rawPath, req, res);
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    private void link(String token, String base, String rawPath, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        List<NodeName> names = DavPath.names(rawPath);
        PublicLinks.LinkedPath at = links.path(token, names);
        OpenLink link = at.link();
        req.setAttribute(RequestLogFilter.USER, "link " + link.id());
        String address = req.getRemoteAddr();
        if (link.passwordProtected() && !passwordGiven(token, link, req, res, address)) {
            return;
        }
        String method = req.getMethod();
        LinkPermission permission = link.permission();
        HttpServletRequest request = req;
        if (method.equals("PROPFIND") && permission == LinkPermission.DROP) {
            if (!names.isEmpty()) {
                DavErrors.error(res, 404, "a drop link shows nothing of its folder");
                return;
            }
            request = depthZero(req);
        } else if ((method.equals("GET") || method.equals("HEAD")) && !permission.allows(Need.DOWNLOAD)) {
            DavErrors.error(res, 403, "this link does not allow downloads");
            return;
        } else if (method.equals("PUT") && permission == LinkPermission.DROP) {
            drop(link, names, req, res, address);
            return;
        } else if ((method.equals("PUT") || EDITS.contains(method)) && permission != LinkPermission.EDIT) {
            DavErrors.error(res, 403, "this link is read-only");
            return;
        }
        LinkSpace space = new LinkSpace(
                link.ownerId(),
                link.root(),
                UUID.nameUUIDFromBytes(("nubo-link-" + link.id()).getBytes(StandardCharsets.US_ASCII)),
                names,
                at.resolved(),
                file -> links.countDownload(
                        new PublicLinks.LinkedItem(link, file), "download '" + file.name() + "' (WebDAV)", address));
        engine.serveLink(space, base, rawPath, request, res);
        int status = res.getStatus();
        if (method.equals("PUT") || EDITS.contains(method)) {
            if (status >= 200 && status < 300 && !method.equals("LOCK") && !method.equals("UNLOCK")) {
                links.recordChange(link, at.resolved().node().id(), "WebDAV " + method + " /" + joined(names), address);
            }
        } else if (status < 400) {
            links.recordAccess(link, "WebDAV", address);
        }
    }

    /** A drop link's upload: a new file in the link's folder, whatever is there already; answers only 201. */
    private void drop(
            OpenLink link, List<NodeName> names, HttpServletRequest req, HttpServletResponse res, String address)
            throws IOException {
        if (names.size() != 1) {
            DavErrors.error(res, 403, "a drop link takes files into its folder only");
            return;
        }
        try (InputStream body = req.getInputStream()) {
            links.upload(
                    new PublicLinks.LinkedItem(link, link.root()),
                    names.get(0),
                    ConflictMode.KEEP_BOTH,
                    WriteMethods.declaredLength(req),
                    body,
                    address);
        }
        res.setContentLength(0);
        res.setStatus(201);
    }

    /**
     * Whether the request carries the link's password (Basic; the user name is not checked here); otherwise the
     * answer (401 with a challenge, or 429 once wrong guesses are throttled) is written and false returned.
     */
    private boolean passwordGiven(
            String token, OpenLink link, HttpServletRequest req, HttpServletResponse res, String address)
            throws IOException {
        BasicCredentials credentials = credentials(req);
        if (credentials == null) {
            challenge(res, "this link needs its password");
            return false;
        }
        String key = link.id() + " " + link.unlockStamp() + " " + sha256(credentials.password());
        if (verified.containsKey(key)) {
            return true;
        }
        try {
            links.unlock(token, credentials.password(), address);
        } catch (NuboException e) {
            if (e.kind() == ErrorKind.THROTTLED) {
                BasicAuthGate.throttled(res, e);
                return false;
            }
            if ("wrong_password".equals(e.code())) {
                challenge(res, e.getMessage());
                return false;
            }
            throw e;
        }
        verified.put(key, Boolean.TRUE);
        return true;
    }

    /** The Basic credentials, or null when there are none; 400 when malformed. */
    private static BasicCredentials credentials(HttpServletRequest req) {
        String header = req.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, BasicCredentials.SCHEME_PREFIX, 0, 6)) {
            return null;
        }
        return BasicCredentials.decode(header.substring(6));
    }

    private static void challenge(HttpServletResponse res, String message) throws IOException {
        res.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        DavErrors.error(res, 401, message);
    }

    private static HttpServletRequest depthZero(HttpServletRequest req) {
        return new HttpServletRequestWrapper(req) {
            @Override
            public String getHeader(String name) {
                return "Depth".equalsIgnoreCase(name) ? "0" : super.getHeader(name);
            }
        };
    }

    private static String joined(List<NodeName> names) {
        return String.join("/", names.stream().map(NodeName::value).toList());
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
