package dev.nubo.davwar;

import dev.nubo.platform.web.BasicAuthGate;
import dev.nubo.platform.web.PendingSurface;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The DAV surface (WebDAV, CalDAV, CardDAV). Mapped to "/*" of the /dav context in the EAR and to "/dav/*" in the
 * combined WAR, so paths are always taken from the request. Until the WebDAV issue lands, it authenticates and
 * answers OPTIONS; other methods get 501.
 */
@WebServlet(name = "dav", urlPatterns = "/*", asyncSupported = true)
public class DavServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Inject
    transient BasicAuthGate gate;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        PendingSurface.serve(gate, "Nubo", req, res);
    }
}
