package dev.nubo.rest.webapp;

import dev.nubo.platform.web.ContentNegotiation;
import dev.nubo.platform.web.ContentNegotiation.Coding;
import dev.nubo.platform.web.WebAppPaths;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The web app's files, the same in the EAR (this WAR at "/") and in nubo.jar (the combined WAR): its pages answer
 * index.html, which the app routes in the browser; {@code /assets/*}, whose names carry a content hash, are cached
 * for a year. Both send the build's brotli or gzip sibling when the client accepts it. Only GET and HEAD of those
 * paths are answered here; everything else (the API, DAV, Nextcloud, other methods) passes on.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class WebAppFilter implements Filter {
    static final String INDEX = "/index.html";
    static final String PAGE_CACHE = "no-cache";
    static final String ASSET_CACHE = "public, max-age=31536000, immutable";
    static final String CSP = "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:;"
            + " style-src 'self' 'unsafe-inline'; frame-src 'self'; object-src 'none'; base-uri 'self';"
            + " frame-ancestors 'none'";

    private WebAppFiles files;

    @Override
    public void init(FilterConfig config) {
        files = new WebAppFiles(config.getServletContext());
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        HttpServletResponse res = (HttpServletResponse) response;
        String method = req.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            chain.doFilter(request, response);
            return;
        }
        // the container's decoded, dot-segment-free path, which is also what decides where a request goes; the
        // root is compared raw, since a welcome-file mapping may already have turned it into /index.html
        String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
        String raw = req.getRequestURI().substring(req.getContextPath().length());
        if (raw.isEmpty() || raw.equals("/") || WebAppPaths.isPage(path)) {
            page(req, res);
        } else if (path.startsWith(WebAppPaths.ASSETS)) {
            asset(req, res, path);
        } else {
            chain.doFilter(request, response);
        }
    }

    private void page(HttpServletRequest req, HttpServletResponse res) throws IOException {
        res.setHeader("Content-Security-Policy", CSP);
        res.setHeader("X-Frame-Options", "DENY");
        res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
        send(req, res, INDEX, PAGE_CACHE);
    }

    private void asset(HttpServletRequest req, HttpServletResponse res, String path) throws IOException {
        Optional<String> resource = WebAppPaths.asset(path);
        if (resource.isEmpty()) {
            notFound(res);
            return;
        }
        send(req, res, resource.get(), ASSET_CACHE);
    }

    private void send(HttpServletRequest req, HttpServletResponse res, String resource, String cacheControl)
            throws IOException {
        Optional<WebAppFiles.File> original = files.find(resource);
        if (original.isEmpty()) {
            notFound(res);
            return;
        }
        WebAppFiles.File chosen = original.get();
        Coding coding = null;
        for (Coding c : ContentNegotiation.accepted(req.getHeader("Accept-Encoding"))) {
            Optional<WebAppFiles.File> compressed = files.find(resource + c.suffix);
            if (compressed.isPresent()) {
                chosen = compressed.get();
                coding = c;
                break;
            }
        }
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Cache-Control", cacheControl);
        res.setHeader("ETag", chosen.etag());
        if (ContentNegotiation.noneMatchHits(req.getHeader("If-None-Match"), chosen.etag())) {
            res.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            return;
        }
        res.setStatus(HttpServletResponse.SC_OK);
        // the original's type, whatever coding carries it
        res.setHeader("Content-Type", original.get().mediaType());
        if (coding != null) {
            res.setHeader("Content-Encoding", coding.token);
        }
        res.setContentLengthLong(chosen.length());
        if (req.getMethod().equals("HEAD")) {
            return;
        }
        try (InputStream in = files.open(chosen);
                OutputStream out = res.getOutputStream()) {
            in.transferTo(out);
        }
    }

    private static void notFound(HttpServletResponse res) throws IOException {
        byte[] body = "{\"error\":\"not_found\",\"message\":\"no such file in the web app\"}"
                .getBytes(StandardCharsets.UTF_8);
        res.setStatus(HttpServletResponse.SC_NOT_FOUND);
        res.setHeader("Content-Type", "application/json");
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cache-Control", "no-cache");
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }
}
