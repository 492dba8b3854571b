package dev.nubo.rest.dav;

import dev.nubo.dav.core.VirtualCollection;
import dev.nubo.platform.web.BasicAuthGate;
import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/**
 * The server's root as a DAV collection, for OPTIONS and PROPFIND only: the Windows Mini-Redirector asks the root
 * for its DAV classes before it maps a folder below it, and walks the parents with PROPFIND. OPTIONS answers without
 * credentials (it tells nothing but the classes); PROPFIND asks for them like every DAV request. Every other request
 * to "/" (the web app's page) passes on.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class DavRootFilter implements Filter {
    @Inject
    BasicAuthGate gate;

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        String method = req.getMethod();
        boolean dav = method.equals("OPTIONS") || method.equals("PROPFIND");
        if (!dav || !req.getRequestURI().equals(req.getContextPath() + "/")) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletResponse res = (HttpServletResponse) response;
        if (method.equals("PROPFIND") && gate.authenticate(req, res, "Nubo").isEmpty()) {
            return;
        }
        VirtualCollection.serve(req.getContextPath() + "/", List.of(req.getContextPath() + "/dav/"), req, res);
    }
}
