package dev.nubo.rest.files;

import dev.nubo.files.api.ByteRanges;
import dev.nubo.files.api.ContentDisposition;
import dev.nubo.files.api.ContentSecurity;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.MultipartByteranges;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.web.Payloads;
import dev.nubo.rest.ErrorBody;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.time.temporal.ChronoUnit;
import java.util.Date;

/**
 * Answers a file download: preconditions (RFC 9110 section 13: If-Match, If-None-Match, If-Modified-Since,
 * If-Unmodified-Since, evaluated by JAX-RS against the strong etag and second-precision Last-Modified), then
 * If-Range and Range (one range as 206 with Content-Range, several as multipart/byteranges, none overlapping as
 * 416). A whole file or one range goes out through the container's sendfile where it offers one ({@link dev.nubo.platform.web.ZeroCopy});
 * otherwise, and for several ranges, it is streamed from the blob's file channel in 256 KiB reads.
 */
final class Downloads {

    private Downloads() {}

    static EntityTag etag(NodeView node) {
        return new EntityTag(node.etag());
    }

    static Date lastModified(NodeView node) {
        return Date.from(node.modifiedAt().toInstant().truncatedTo(ChronoUnit.SECONDS));
    }

    /** 304/412 if a precondition says so, else null. */
    static Response preconditions(Request request, NodeView node) {
        Response.ResponseBuilder failed = request.evaluatePreconditions(lastModified(node), etag(node));
        return failed == null ? null : failed.tag(etag(node)).build();
    }

    static Response respond(
            FileContent.Opened opened, Request request, HttpHeaders headers, boolean inline, boolean head) {
        NodeView node = opened.node();
        Response precondition = preconditions(request, node);
        if (precondition != null) {
            close(opened);
            return precondition;
        }
        long length = node.size();
        String rangeHeader = headers.getHeaderString("Range");
        String ifRange = headers.getHeaderString("If-Range");
        if (ifRange != null && !ifRange.strip().equals(etag(node).toString())) {
            // a changed representation (or a weak/date validator we do not match) means: send it whole
            rangeHeader = null;
        }
        ByteRanges.Result ranges = ByteRanges.parse(rangeHeader, length);
        String type = node.mimeType() == null ? "application/octet-stream" : node.mimeType();
        Response.ResponseBuilder r;
        if (ranges instanceof ByteRanges.Invalid invalid) {
            close(opened);
            return ErrorBody.response(400, "invalid_range", invalid.reason());
        } else if (ranges instanceof ByteRanges.Unsatisfiable) {
            close(opened);
            return Response.fromResponse(ErrorBody.response(
                            416, "range_not_satisfiable", "no requested range overlaps the " + length + " bytes"))
                    .header("Content-Range", "bytes */" + length)
                    .build();
        } else if (ranges instanceof ByteRanges.Partial partial
                && partial.ranges().size() == 1) {
            ByteRanges.Range one = partial.ranges().get(0);
            r = Response.status(206)
                    .header("Content-Range", "bytes " + one.first() + "-" + one.last() + "/" + length)
                    .header(HttpHeaders.CONTENT_LENGTH, one.length())
                    .type(type)
                    .entity(head ? null : new FileBody(206, opened, one.first(), one.length()));
        } else if (ranges instanceof ByteRanges.Partial partial) {
            MultipartByteranges parts = MultipartByteranges.of(partial.ranges(), type, length);
            r = Response.status(206)
                    .type(parts.contentType())
                    .header(HttpHeaders.CONTENT_LENGTH, parts.length())
                    .entity(head ? null : stream(opened.channel(), parts));
        } else {
            r = Response.ok()
                    .type(type)
                    .header(HttpHeaders.CONTENT_LENGTH, length)
                    .entity(head ? null : new FileBody(200, opened, 0, length));
        }
        if (head) {
            close(opened);
        }
        return r.tag(etag(node))
                .lastModified(lastModified(node))
                .header("Accept-Ranges", "bytes")
                .header(
                        "Content-Disposition",
                        inline ? ContentDisposition.inline(node.name()) : ContentDisposition.attachment(node.name()))
                // a file is data, never a page of this origin: no sniffing, no scripts even when shown inline; the
                // web app's preview may frame it, no other site
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", ContentSecurity.policy(type))
                .header("X-Frame-Options", "SAMEORIGIN")
                .header(HttpHeaders.CACHE_CONTROL, "private, no-cache")
                .build();
    }

    private static StreamingOutput stream(FileChannel channel, MultipartByteranges parts) {
        return out -> {
            try (channel) {
                parts.write(channel, out);
            }
        };
    }

    /**
     * One contiguous range of a file as a response body, written by {@link FileBodyWriter}: through the container's
     * sendfile where it can, else copied from the channel. The writer closes the file.
     */
    record FileBody(int status, FileContent.Opened opened, long offset, long length) {}

    static void copy(FileChannel channel, long position, long count, OutputStream out) throws IOException {
        Payloads.copy(channel, position, count, out);
    }

    private static void close(FileContent.Opened opened) {
        try {
            opened.close();
        } catch (IOException e) {
            // nothing was read
        }
    }
}
