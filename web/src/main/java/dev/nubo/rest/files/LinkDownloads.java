package dev.nubo.rest.files;

import dev.nubo.files.api.ByteRanges;
import dev.nubo.files.api.NodeView;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import java.util.Locale;

/** What a public link's download limit counts, and what a view-only link may show inline. */
final class LinkDownloads {
    private LinkDownloads() {}

    /** A GET that will send the file from its first byte: no precondition stops it, no Range skips the start. */
    static boolean counts(NodeView node, Request request, HttpHeaders headers) {
        if (Downloads.preconditions(request, node) != null) {
            return false;
        }
        String range = headers.getHeaderString("Range");
        String ifRange = headers.getHeaderString("If-Range");
        if (range == null
                || (ifRange != null
                        && !ifRange.strip().equals(Downloads.etag(node).toString()))) {
            return true;
        }
        return ByteRanges.parse(range, node.size()) instanceof ByteRanges.Partial p
                && p.ranges().get(0).first() == 0;
    }

    /** What a browser shows inline by itself: images, text, PDF, audio, video. */
    static boolean previewable(NodeView node) {
        String type = node.mimeType() == null ? "" : node.mimeType().toLowerCase(Locale.ROOT);
        return type.startsWith("image/")
                || type.startsWith("text/")
                || type.startsWith("audio/")
                || type.startsWith("video/")
                || type.equals("application/pdf")
                || type.equals("application/json");
    }
}
