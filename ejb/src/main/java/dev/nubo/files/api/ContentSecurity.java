package dev.nubo.files.api;

import java.util.Locale;

/**
 * The Content-Security-Policy of a file's content as this origin serves it. A file is data, never a page of this
 * origin: every type but PDF is sandboxed (a unique origin, no scripts, no forms), so HTML or SVG shown inline stays
 * inert. PDF is the exception because browsers refuse to run their PDF viewer in a sandboxed document (Chromium
 * blocks it, Firefox's pdf.js bails out); their viewers do not run a PDF's scripts as this origin. Every type may be
 * framed by this origin's web app (its preview), by no other site.
 */
public final class ContentSecurity {
    static final String FRAMED_BY_SELF = "frame-ancestors 'self'";
    static final String SANDBOXED = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; " + FRAMED_BY_SELF;

    private ContentSecurity() {}

    public static String policy(String mimeType) {
        String type = mimeType == null ? "" : mimeType.strip().toLowerCase(Locale.ROOT);
        return type.equals("application/pdf") || type.startsWith("application/pdf;") ? FRAMED_BY_SELF : SANDBOXED;
    }
}
