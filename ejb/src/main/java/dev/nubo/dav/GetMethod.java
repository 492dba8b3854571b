package dev.nubo.dav;

import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.Preconditions;
import dev.nubo.files.api.ByteRanges;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.MultipartByteranges;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.web.Payloads;
import dev.nubo.platform.web.ZeroCopy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.temporal.ChronoUnit;

/** GET and HEAD of a file (RFC 9110): conditions, one or several ranges, and sendfile for large bodies. */
@ApplicationScoped
class GetMethod {
    @Inject
    FileContent content;

    /**
     * Bodies from this size go to sendfile when {@link #SMALL_HEAP}; smaller ones, and all of them with a large heap,
     * are copied through a buffer. Measured (perf/dav/RESULTS.md): a 16 MiB GET on 16 connections ran at 35 req/s
     * copied and 81 through sendfile with a 512 MiB heap, where the copy's garbage costs a collection every few
     * milliseconds, but at 97 copied against 81 with an unbounded heap; a 4 KiB GET lost half its rate to the
     * servlet async hand-off.
     */
    static final long SENDFILE_FROM = 1 << 20;

    /** A heap below 1 GiB, as {@code NUBO_HEAP=auto} or a smaller setting gives the server. */
    static final boolean SMALL_HEAP = Runtime.getRuntime().maxMemory() < 1L << 30;

    void get(DavTarget target, HttpServletRequest req, HttpServletResponse res, boolean head) throws IOException {
        if (!target.exists()) {
            throw DavException.of(404, "nothing at this path");
        }
        NodeView node = target.node();
        if (node.folder()) {
            throw DavException.notAllowed("this is a collection: list it with PROPFIND");
        }
        String etag = "\"" + node.etag() + "\"";
        long lastModified =
                node.modifiedAt().toInstant().truncatedTo(ChronoUnit.SECONDS).toEpochMilli();
        Integer failed = Preconditions.evaluate(req, etag, lastModified, true);
        if (failed != null) {
            res.setHeader("ETag", etag);
            res.setStatus(failed);
            return;
        }
        long length = node.size();
        String range = req.getHeader("Range");
        String ifRange = req.getHeader("If-Range");
        if (ifRange != null && !ifRange.strip().equals(etag)) {
            range = null;
        }
        ByteRanges.Result ranges = ByteRanges.parse(range, length);
        if (target.link() != null && !head && sendsFirstByte(ranges)) {
            target.link().downloads().accept(node); // may refuse (a download limit reached meanwhile): nothing sent yet
        }
        try (FileContent.Opened opened = content.open(target.caller(), target.resolved())) {
            res.setHeader("ETag", etag);
            res.setDateHeader("Last-Modified", lastModified);
            res.setHeader("Accept-Ranges", "bytes");
            String type = node.mimeType() == null ? "application/octet-stream" : node.mimeType();
            res.setContentType(type);
            long first = 0;
            long count = length;
            if (ranges instanceof ByteRanges.Unsatisfiable) {
                res.setHeader("Content-Range", "bytes */" + length);
                throw DavException.of(416, "no requested range overlaps the " + length + " bytes");
            } else if (ranges instanceof ByteRanges.Partial partial
                    && partial.ranges().size() == 1) {
                ByteRanges.Range one = partial.ranges().get(0);
                first = one.first();
                count = one.length();
                res.setStatus(206);
                res.setHeader("Content-Range", "bytes " + one.first() + "-" + one.last() + "/" + length);
            } else if (ranges instanceof ByteRanges.Partial partial) {
                MultipartByteranges parts = MultipartByteranges.of(partial.ranges(), type, length);
                res.setStatus(206);
                res.setContentType(parts.contentType());
                res.setContentLengthLong(parts.length());
                if (!head) {
                    parts.write(opened.channel(), res.getOutputStream());
                }
                return;
            } else {
                // no Range or an invalid one (ignored, as RFC 9110 allows): the whole file
                res.setStatus(200);
            }
            res.setContentLengthLong(count);
            if (!head) {
                // status and headers are set: a large body goes to the container's sendfile when the heap is small
                boolean sent = count >= SENDFILE_FROM
                        && SMALL_HEAP
                        && opened.localFile().isPresent()
                        && ZeroCopy.send(req, res, opened.localFile().get(), first, count, http -> {});
                if (!sent) {
                    Payloads.copy(opened.channel(), first, count, res.getOutputStream());
                }
            }
        }
    }

    /** Whether a GET answered with these ranges sends the file from its first byte: what a link counts as a download. */
    static boolean sendsFirstByte(ByteRanges.Result ranges) {
        return !(ranges instanceof ByteRanges.Unsatisfiable)
                && (!(ranges instanceof ByteRanges.Partial partial)
                        || partial.ranges().size() != 1
                        || partial.ranges().get(0).first() == 0);
    }
}
