package dev.nubo.dav.core;

import jakarta.servlet.http.HttpServletRequest;

/**
 * RFC 9110 section 13.2.2, in its order: If-Match, If-Unmodified-Since (only without If-Match), If-None-Match,
 * If-Modified-Since (only without If-None-Match, and only on GET/HEAD). Strong comparison for If-Match, weak for
 * If-None-Match.
 */
public final class Preconditions {
    private Preconditions() {}

    /** The status to answer instead (304 or 412), or null to go on. The resource exists. */
    public static Integer evaluate(HttpServletRequest req, String etag, long lastModifiedMillis, boolean read) {
        String ifMatch = req.getHeader("If-Match");
        if (ifMatch != null) {
            if (!matches(ifMatch, etag, false)) {
                return 412;
            }
        } else if (date(req, "If-Unmodified-Since") >= 0 && lastModifiedMillis > date(req, "If-Unmodified-Since")) {
            return 412;
        }
        String ifNoneMatch = req.getHeader("If-None-Match");
        if (ifNoneMatch != null) {
            if (matches(ifNoneMatch, etag, true)) {
                return read ? 304 : 412;
            }
        } else if (read
                && date(req, "If-Modified-Since") >= 0
                && lastModifiedMillis <= date(req, "If-Modified-Since")) {
            return 304;
        }
        return null;
    }

    private static long date(HttpServletRequest req, String header) {
        try {
            return req.getDateHeader(header);
        } catch (IllegalArgumentException e) {
            return -1; // an unparseable date is ignored, as RFC 9110 says
        }
    }

    /** Whether a list of entity tags (or "*") matches; weak comparison ignores the W/ prefix. */
    public static boolean matches(String header, String etag, boolean weak) {
        for (String raw : header.split(",")) {
            String tag = raw.strip();
            if (tag.equals("*")) {
                return true;
            }
            if (tag.startsWith("W/")) {
                if (!weak) {
                    continue;
                }
                tag = tag.substring(2);
            }
            if (tag.equals(etag)) {
                return true;
            }
        }
        return false;
    }
}
