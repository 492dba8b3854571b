package dev.nubo.platform.web;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which request paths the web app's files answer, and under which media type. The app routes in the browser
 * (history API), so a reload of one of its pages must answer index.html; the list is explicit, so a path that
 * belongs to the API, DAV, Nextcloud or {@code /.well-known} can never be taken for a page.
 */
public final class WebAppPaths {
    /** Pages whose path is exactly this. */
    static final Set<String> PAGES =
            Set.of("/", "/index.html", "/login", "/setup", "/favorites", "/recent", "/search", "/trash", "/profile");
    /** Pages at this path and at any path below it (as a servlet mapping {@code /files/*} matches). */
    static final Set<String> PAGE_TREES = Set.of("/files", "/admin", "/calendar", "/contacts", "/shared", "/s");

    public static final String ASSETS = "/assets/";
    /** A safe name of an asset below /assets/: plain segments, none empty, none starting with a dot. */
    private static final Pattern ASSET =
            Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}(/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){0,7}");

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"),
            Map.entry("map", "application/json"),
            Map.entry("webmanifest", "application/manifest+json"),
            Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("wasm", "application/wasm"));

    private WebAppPaths() {}

    /** Whether the (decoded, normalized) in-context path is one of the app's pages. */
    public static boolean isPage(String path) {
        if (PAGES.contains(path)) {
            return true;
        }
        for (String tree : PAGE_TREES) {
            if (path.equals(tree) || path.startsWith(tree + "/")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The resource of an in-context path below {@code /assets/} ("/assets/index-x.js"), or empty when the rest is not
     * a plain relative name: no dot segments, no encoded or odd characters, so nothing outside the folder is named.
     */
    public static Optional<String> asset(String path) {
        if (!path.startsWith(ASSETS)) {
            return Optional.empty();
        }
        String rest = path.substring(ASSETS.length());
        if (!ASSET.matcher(rest).matches()) {
            return Optional.empty();
        }
        for (String segment : rest.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                return Optional.empty();
            }
        }
        return Optional.of(ASSETS + rest);
    }

    /** The media type of a file by its extension, or empty when this list does not know it. */
    public static Optional<String> mediaType(String name) {
        int dot = name.lastIndexOf('.');
        int slash = name.lastIndexOf('/');
        if (dot <= slash + 1) {
            return Optional.empty();
        }
        return Optional.ofNullable(TYPES.get(name.substring(dot + 1).toLowerCase(Locale.ROOT)));
    }
}
