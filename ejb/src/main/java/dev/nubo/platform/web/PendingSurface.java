package dev.nubo.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * What a protocol surface answers before its issue lands: it authenticates like the real one will (so
 * credentials, revocation and the shared caches can already be exercised), answers OPTIONS, and 501 otherwise.
 */
public final class PendingSurface {
    private PendingSurface() {}

    public static void serve(BasicAuthGate gate, String realm, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        if (gate.authenticate(req, res, realm).isEmpty()) {
            return;
        }
        if ("OPTIONS".equals(req.getMethod())) {
            res.setHeader("Allow", "OPTIONS");
            res.setStatus(200);
            return;
        }
        res.setStatus(501);
        res.setContentType("text/plain;charset=UTF-8");
        res.getWriter()
                .write(req.getMethod() + " " + req.getContextPath() + req.getServletPath()
                        + " is not implemented yet\n");
    }
}
