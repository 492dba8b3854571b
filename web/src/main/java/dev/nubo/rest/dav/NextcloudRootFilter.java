package dev.nubo.rest.dav;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Lets users give Nextcloud clients the bare server address: the paths those clients try at the root
 * (status.php, remote.php, ocs, the login flow) redirect to the same path under /nextcloud with 308, which keeps
 * the method and body. The redirect tells nothing, so it needs no credentials.
 */
@WebFilter(
        urlPatterns = {"/status.php", "/remote.php/*", "/ocs/*", "/index.php/login/v2", "/index.php/login/v2/*"},
        asyncSupported = true)
public class NextcloudRootFilter implements Filter {
    /** Where the Nextcloud WAR is mounted, the same in the EAR (context root) and the combined WAR (servlet path). */
    static final String NEXTCLOUD_ROOT = "/nextcloud";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        HttpServletResponse res = (HttpServletResponse) response;
        String path = req.getRequestURI().substring(req.getContextPath().length());
        String query = req.getQueryString();
        res.setStatus(308);
        res.setHeader("Location", NEXTCLOUD_ROOT + path + (query == null ? "" : "?" + query));
        res.setContentLength(0);
    }
}
