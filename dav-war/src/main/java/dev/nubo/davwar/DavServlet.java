package dev.nubo.davwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.dav.DavEngine;
import dev.nubo.dav.PublicLinkDav;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.VirtualCollection;
import dev.nubo.dav.pim.PimDav;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.BasicAuthGate;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The DAV surface. Mapped to "/*" of the /dav context in the EAR and to "/dav/*" in the combined WAR, so paths are
 * always taken from the raw request URI. Files live at /dav/files/{username}/ (the signed-in user's own tree; any
 * other name answers 404); the levels above it (/dav/ and /dav/files/) are read-only collections that clients walk
 * up to. CalDAV and CardDAV live under /dav/principals/, /dav/calendars/ and /dav/addressbooks/. A public link's item
 * is at /dav/public/{token}/, without an account ({@link PublicLinkDav}).
 */
@WebServlet(name = "dav", urlPatterns = "/*", asyncSupported = true)
public class DavServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final String FILES = "/files/";
    static final String PUBLIC = "/public/";

    @Inject
    transient BasicAuthGate gate;

    @Inject
    transient DavEngine engine;

    @Inject
    transient PimDav pim;

    @Inject
    transient PublicLinkDav publicLinks;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String prefix = req.getContextPath() + req.getServletPath();
        String uri = req.getRequestURI();
        String rest = uri.startsWith(prefix) ? uri.substring(prefix.length()) : uri;
        if (rest.startsWith(PUBLIC)) {
            // no account: the token in the path authorises, the link's password (if any) comes as Basic
            String afterPublic = rest.substring(PUBLIC.length());
            int slash = afterPublic.indexOf('/');
            String token = slash < 0 ? afterPublic : afterPublic.substring(0, slash);
            String rawPath = slash < 0 ? "" : afterPublic.substring(slash);
            publicLinks.serve(token, prefix + PUBLIC + token + "/", rawPath, req, res);
            return;
        }
        Optional<AuthenticatedUser> user = gate.authenticate(req, res, "Nubo");
        if (user.isEmpty()) {
            return;
        }
        String home = prefix + FILES + DavPath.encode(user.get().username()) + "/";
        String principal = PimDav.principal(prefix, user.get().username());
        if (rest.isEmpty() || rest.equals("/")) {
            List<String> children = new java.util.ArrayList<>(List.of(prefix + FILES));
            children.addAll(PimDav.homes(prefix, user.get().username()));
            VirtualCollection.serve(prefix + "/", children, principal, req, res);
            return;
        }
        if (rest.equals("/files") || rest.equals(FILES)) {
            VirtualCollection.serve(prefix + FILES, List.of(home), req, res);
            return;
        }
        if (PimDav.handles(rest)) {
            pim.serve(user.get(), prefix, rest, req, res);
            return;
        }
        if (!rest.startsWith(FILES)) {
            DavErrors.error(res, 404, "files are under " + home);
            return;
        }
        String afterFiles = rest.substring(FILES.length());
        int slash = afterFiles.indexOf('/');
        String rawUser = slash < 0 ? afterFiles : afterFiles.substring(0, slash);
        String rawPath = slash < 0 ? "" : afterFiles.substring(slash);
        String username;
        try {
            username = DavPath.decode(rawUser);
        } catch (NuboException e) {
            DavErrors.error(res, 400, e.getMessage());
            return;
        }
        if (!username.equals(user.get().username())) {
            DavErrors.error(
                    res,
                    404,
                    "no such tree: the signed-in user's files are under " + prefix + FILES
                            + user.get().username() + "/");
            return;
        }
        String base = prefix + FILES + DavPath.encode(username) + "/";
        engine.serve(user.get(), base, rawPath, req, res);
    }
}
