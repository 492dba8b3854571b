package dev.nubo.nextcloudwar;

import dev.nubo.platform.web.BasicAuthGate;
import dev.nubo.platform.web.PendingSurface;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The Nextcloud client dialect. Mapped to "/*" of the /nextcloud context in the EAR and to "/nextcloud/*" in
 * the combined WAR, so paths are always taken from the request. Until the Nextcloud issue lands, it authenticates and
 * answers OPTIONS; other methods get 501.
 */
@WebServlet(name = "nextcloud", urlPatterns = "/*", asyncSupported = true)
public class NextcloudServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Inject
    transient BasicAuthGate gate;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        PendingSurface.serve(gate, "Nubo", req, res);
    }
}
