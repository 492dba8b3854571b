package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.ChunkedUploadDav;
import dev.nubo.dav.DavDialect;
import dev.nubo.dav.DavEngine;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.VirtualCollection;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.BasicAuthGate;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import dev.nubo.users.api.UserView;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Nextcloud client dialect. Mapped to "/*" of the /nextcloud context in the EAR and to "/nextcloud/*" in the
 * combined WAR, so paths are always taken from the raw request URI. status.php answers without credentials; every
 * other path takes HTTP Basic with the account password or an app password.
 *
 * <ul>
 *   <li>{@code /ocs/v1.php/…} and {@code /ocs/v2.php/…}: cloud/capabilities, cloud/user, cloud/users/{id}, and the
 *       sharing API (user, group and link shares);
 *   <li>{@code /remote.php/dav/files/{user}/…} and the legacy {@code /remote.php/webdav/…}: the caller's files in
 *       Nextcloud's WebDAV dialect;
 *   <li>{@code /remote.php/dav/uploads/{user}/…}: chunked uploads;
 *   <li>{@code /public.php/webdav/…}: a public link's item, without an account (Basic: the token, the link's
 *       password).
 * </ul>
 */
@WebServlet(name = "nextcloud", urlPatterns = "/*", asyncSupported = true)
public class NextcloudServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** The Nextcloud release whose protocol this dialect follows; the clients check it against their minimum. */
    static final String VERSION = "28.0.4.1";

    static final String VERSION_STRING = "28.0.4";
    private static final String DAV = "/remote.php/dav";
    private static final String FILES = DAV + "/files/";
    private static final String UPLOADS = DAV + "/uploads/";
    private static final String WEBDAV = "/remote.php/webdav";
    /** A public link's item, the token as the Basic user name: what the clients and rclone's nextcloud vendor use. */
    private static final String PUBLIC_WEBDAV = "/public.php/webdav";

    private static final String TRASHBIN = DAV + "/trashbin/";
    private static final String VERSIONS = DAV + "/versions/";

    @Inject
    transient BasicAuthGate gate;

    @Inject
    transient DavEngine engine;

    @Inject
    transient ChunkedUploadDav chunks;

    @Inject
    transient UserService users;

    @Inject
    transient LoginFlowPages login;

    @Inject
    transient dev.nubo.dav.NextcloudTrashDav trashbin;

    @Inject
    transient Previews previews;

    @Inject
    transient OcsShares ocsShares;

    @Inject
    transient OcsSharees ocsSharees;

    @Inject
    transient dev.nubo.dav.PublicLinkDav publicLinks;

    /** This dialect's root as the client reached it: scheme, host, port and the /nextcloud prefix. */
    static String server(HttpServletRequest req, String prefix) {
        String url = req.getRequestURL().toString();
        return url.substring(0, url.length() - req.getRequestURI().length()) + prefix;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String prefix = req.getContextPath() + req.getServletPath();
        String uri = req.getRequestURI();
        String rest = uri.startsWith(prefix) ? uri.substring(prefix.length()) : uri;
        if (rest.equals("/status.php")) {
            status(res);
            return;
        }
        String page = rest.startsWith("/index.php/") ? rest.substring("/index.php".length()) : rest;
        if (LoginFlowPages.handles(page)) {
            try {
                login.serve(server(req, prefix), page, req, res);
            } catch (NuboException e) {
                if (!res.isCommitted()) {
                    DavErrors.error(res, DavErrors.status(e), e.getMessage());
                }
            }
            return;
        }
        if (rest.equals(PUBLIC_WEBDAV) || rest.startsWith(PUBLIC_WEBDAV + "/")) {
            publicLinks.serveNextcloud(prefix + PUBLIC_WEBDAV + "/", rest.substring(PUBLIC_WEBDAV.length()), req, res);
            return;
        }
        Optional<AuthenticatedUser> authenticated = gate.authenticate(req, res, "Nubo");
        if (authenticated.isEmpty()) {
            return;
        }
        AuthenticatedUser user = authenticated.get();
        try {
            route(user, prefix, rest, page, req, res);
        } catch (NuboException e) {
            if (!res.isCommitted()) {
                DavErrors.error(res, DavErrors.status(e), e.getMessage());
            }
        }
    }

    /** {@code page} is {@code rest} without a leading "/index.php", where Nextcloud's pages may or may not sit. */
    private void route(
            AuthenticatedUser user,
            String prefix,
            String rest,
            String page,
            HttpServletRequest req,
            HttpServletResponse res)
            throws IOException {
        if (rest.startsWith("/ocs/v1.php/") || rest.startsWith("/ocs/v2.php/")) {
            ocs(user, rest.startsWith("/ocs/v2.php/"), rest.substring("/ocs/v1.php".length()), req, res);
            return;
        }
        if (Previews.handles(page)) {
            previews.serve(user, page, req, res);
            return;
        }
        String me = DavPath.encode(user.username());
        if (rest.equals(WEBDAV) || rest.startsWith(WEBDAV + "/")) {
            engine.serve(user, prefix + WEBDAV + "/", rest.substring(WEBDAV.length()), req, res, DavDialect.NEXTCLOUD);
            return;
        }
        if (rest.equals(DAV) || rest.equals(DAV + "/")) {
            VirtualCollection.serve(
                    prefix + DAV + "/",
                    List.of(prefix + FILES, prefix + UPLOADS, prefix + TRASHBIN, prefix + VERSIONS),
                    req,
                    res);
            return;
        }
        if (rest.equals(DAV + "/files") || rest.equals(FILES)) {
            VirtualCollection.serve(prefix + FILES, List.of(prefix + FILES + me + "/"), req, res);
            return;
        }
        if (rest.equals(DAV + "/uploads") || rest.equals(UPLOADS)) {
            VirtualCollection.serve(prefix + UPLOADS, List.of(prefix + UPLOADS + me + "/"), req, res);
            return;
        }
        String filesBase = prefix + FILES + me + "/";
        Optional<String> below = below(user, rest, FILES);
        if (below != null) {
            if (below.isEmpty()) {
                notYours(res, filesBase);
            } else {
                engine.serve(user, filesBase, below.get(), req, res, DavDialect.NEXTCLOUD);
            }
            return;
        }
        below = below(user, rest, UPLOADS);
        if (below != null) {
            if (below.isEmpty()) {
                notYours(res, prefix + UPLOADS + me + "/");
            } else {
                chunks.serve(user, prefix + UPLOADS + me + "/", below.get(), filesBase, req, res);
            }
            return;
        }
        below = below(user, rest, TRASHBIN);
        if (below != null) {
            if (below.isEmpty()) {
                notYours(res, prefix + TRASHBIN + me + "/");
            } else {
                trashbin.trashbin(user, prefix + TRASHBIN + me + "/", below.get(), req, res);
            }
            return;
        }
        below = below(user, rest, VERSIONS);
        if (below != null) {
            if (below.isEmpty()) {
                notYours(res, prefix + VERSIONS + me + "/");
            } else {
                trashbin.versions(user, prefix + VERSIONS + me + "/", below.get(), req, res);
            }
            return;
        }
        if (req.getMethod().equals("OPTIONS")) {
            res.setHeader("Allow", "OPTIONS, GET, POST");
            res.setStatus(200);
            return;
        }
        DavErrors.error(res, 404, "nothing at " + rest);
    }

    /**
     * What follows {@code /{user}} in a path under {@code area}: null when the path is not in the area, empty when
     * it names another user's tree (which nobody else may see), else the raw remainder.
     */
    private static Optional<String> below(AuthenticatedUser user, String rest, String area) {
        if (!rest.startsWith(area)) {
            return null;
        }
        String after = rest.substring(area.length());
        int slash = after.indexOf('/');
        String rawUser = slash < 0 ? after : after.substring(0, slash);
        if (!DavPath.decode(rawUser).equals(user.username())) {
            return Optional.empty();
        }
        return Optional.of(slash < 0 ? "" : after.substring(slash));
    }

    private static void notYours(HttpServletResponse res, String own) throws IOException {
        DavErrors.error(res, 404, "no such tree: the signed-in user's is " + own);
    }

    /** status.php: what the clients check before they ask for credentials. */
    private static void status(HttpServletResponse res) throws IOException {
        res.setContentType("application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        try (JsonGenerator g = Json.createGenerator(res.getOutputStream())) {
            g.writeStartObject()
                    .write("installed", true)
                    .write("maintenance", false)
                    .write("needsDbUpgrade", false)
                    .write("version", VERSION)
                    .write("versionstring", VERSION_STRING)
                    .write("edition", "")
                    .write("productname", "Nubo")
                    .write("extendedSupport", false)
                    .writeEnd();
        }
    }

    private void ocs(AuthenticatedUser user, boolean v2, String path, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        String route = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        boolean get = req.getMethod().equals("GET");
        if (route.equals("/cloud/capabilities") && get) {
            Ocs.ok(req, res, v2, capabilities());
        } else if (route.equals("/cloud/user") && get) {
            Ocs.ok(req, res, v2, userData(users.find(user.userId()).orElseThrow()));
        } else if (route.startsWith("/cloud/users/") && get) {
            String wanted = DavPath.decode(route.substring("/cloud/users/".length()));
            Optional<UserView> found = wanted.equals(user.username())
                    ? users.find(user.userId())
                    : user.role() == Role.ADMIN
                            ? users.credentialsByUsername(wanted).flatMap(c -> users.find(c.id()))
                            : Optional.empty();
            if (found.isEmpty()) {
                Ocs.failure(req, res, v2, 404, "User does not exist");
            } else {
                Ocs.ok(req, res, v2, userData(found.get()));
            }
        } else if (OcsShares.handles(route)) {
            ocsShares.serve(user, v2, route, req, res);
        } else if (OcsSharees.handles(route)) {
            ocsSharees.serve(user, v2, req, res);
        } else {
            Ocs.failure(
                    req,
                    res,
                    v2,
                    404,
                    "Invalid query, please check the syntax. API specifications are here:"
                            + " http://www.freedesktop.org/wiki/Specifications/open-collaboration-services.");
        }
    }

    /**
     * Only what Nubo implements: chunked uploads v2, SHA-256 checksums, the trash bin, user and group shares, public
     * links (password and expiry optional, upload and file drop); no versions yet.
     */
    static Map<String, Object> capabilities() {
        Map<String, Object> version = new LinkedHashMap<>();
        String[] parts = VERSION_STRING.split("\\.");
        version.put("major", Integer.parseInt(parts[0]));
        version.put("minor", Integer.parseInt(parts[1]));
        version.put("micro", Integer.parseInt(parts[2]));
        version.put("string", VERSION_STRING);
        version.put("edition", "");
        version.put("extendedSupport", false);
        Map<String, Object> core = new LinkedHashMap<>();
        core.put("pollinterval", 60);
        core.put("webdav-root", "remote.php/webdav");
        Map<String, Object> dav = new LinkedHashMap<>();
        dav.put("chunking", "1.0");
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("bigfilechunking", true);
        files.put("undelete", true);
        files.put("versioning", false);
        files.put("blacklisted_files", List.of(".htaccess"));
        Map<String, Object> checksums = new LinkedHashMap<>();
        checksums.put("supportedTypes", List.of("SHA256"));
        checksums.put("preferredUploadType", "SHA256");
        Map<String, Object> sharing = new LinkedHashMap<>();
        sharing.put("api_enabled", true);
        sharing.put("resharing", true);
        sharing.put("group_sharing", true);
        sharing.put("default_permissions", 31);
        Map<String, Object> links = new LinkedHashMap<>();
        links.put("enabled", true);
        links.put("password", Map.of("enforced", false, "askForOptionalPassword", false));
        links.put("expire_date", Map.of("enabled", true, "enforced", false));
        links.put("multiple_links", true);
        links.put("upload", true);
        links.put("upload_files_drop", true);
        links.put("send_mail", false);
        sharing.put("public", links);
        sharing.put("user", Map.of("send_mail", false, "expire_date", Map.of("enabled", true)));
        sharing.put("group", Map.of("enabled", true, "expire_date", Map.of("enabled", true)));
        sharing.put("federation", Map.of("outgoing", false, "incoming", false));
        sharing.put("sharee", Map.of("query_lookup_default", false, "always_show_unique", true));
        Map<String, Object> caps = new LinkedHashMap<>();
        caps.put("core", core);
        caps.put("dav", dav);
        caps.put("files", files);
        caps.put("checksums", checksums);
        caps.put("files_sharing", sharing);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", version);
        data.put("capabilities", caps);
        return data;
    }

    /** A user as cloud/user answers: Nextcloud's quota fields, with -3 meaning unlimited. */
    static Map<String, Object> userData(UserView u) {
        Map<String, Object> quota = new LinkedHashMap<>();
        long used = u.usedBytes();
        if (u.quotaBytes() == null) {
            quota.put("free", -3L);
            quota.put("used", used);
            quota.put("total", -3L);
            quota.put("relative", 0);
            quota.put("quota", -3L);
        } else {
            long total = u.quotaBytes();
            quota.put("free", Math.max(0, total - used));
            quota.put("used", used);
            quota.put("total", total);
            quota.put("relative", total == 0 ? 0.0 : Math.round(10000.0 * used / total) / 100.0);
            quota.put("quota", total);
        }
        String display = u.displayName() == null || u.displayName().isBlank() ? u.username() : u.displayName();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("enabled", u.enabled());
        data.put("id", u.username());
        data.put("display-name", display);
        data.put("displayname", display);
        data.put("email", u.email());
        data.put("quota", quota);
        data.put("groups", List.of());
        data.put("language", "en");
        data.put("locale", "");
        data.put("backend", "Database");
        return data;
    }
}
