package dev.nubo.rest.dav;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * RFC 6764 section 5: {@code /.well-known/caldav} and {@code /.well-known/carddav} redirect, whatever the method
 * (clients send GET, PROPFIND or OPTIONS), to the DAV root, where current-user-principal leads on. The redirect
 * tells nothing, so it needs no credentials.
 */
@WebFilter(
        urlPatterns = {"/.well-known/caldav", "/.well-known/carddav"},
        asyncSupported = true)
public class WellKnownFilter implements Filter {
    /** Where the DAV WAR is mounted, the same in the EAR (context root) and in the combined WAR (servlet path). */
    static final String DAV_ROOT = "/dav/";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletResponse res = (HttpServletResponse) response;
        res.setStatus(301);
        res.setHeader("Location", DAV_ROOT);
        res.setContentLength(0);
    }
}
