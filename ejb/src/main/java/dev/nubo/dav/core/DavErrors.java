package dev.nubo.dav.core;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.namespace.QName;

/**
 * How every DAV surface (the file trees, public links, Nextcloud, CalDAV and CardDAV) answers an error: a line of
 * text, or for a failed precondition an RFC 4918 section 16 {@code DAV:error} naming it, with a {@code DAV:message}.
 * A body already begun is left alone (the client sees the connection end); a body only buffered is dropped first.
 */
public final class DavErrors {
    private static final Logger LOG = Logger.getLogger(DavErrors.class.getName());

    private DavErrors() {}

    /** Answers a {@link DavException}, or a {@link NuboException} of the core with its WebDAV status. */
    public static void answer(HttpServletResponse res, RuntimeException e) throws IOException {
        if (e instanceof DavException dav) {
            if (dav.allow() != null && !res.isCommitted()) {
                res.setHeader("Allow", dav.allow());
            }
            condition(res, dav.status(), dav.precondition(), dav.href(), dav.getMessage());
        } else if (e instanceof NuboException nubo) {
            error(res, status(nubo), nubo.getMessage());
        } else {
            throw e;
        }
    }

    /** The WebDAV status of an error of the files core. */
    public static int status(NuboException e) {
        if (e.kind() == ErrorKind.CONFLICT && "into_own_subtree".equals(e.code())) {
            return 403; // RFC 4918: a collection copied or moved into itself
        }
        if (e.kind() == ErrorKind.CONFLICT && "name_taken".equals(e.code())) {
            return 412; // a concurrent writer created it between our check and our write
        }
        return e.kind().httpStatus();
    }

    /** A plain-text error answer: the status and one line saying why. */
    public static void error(HttpServletResponse res, int status, String message) throws IOException {
        if (!writable(res, message)) {
            return;
        }
        res.setStatus(status);
        res.setContentType("text/plain; charset=utf-8");
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }

    /** An RFC 4918 error body naming the DAV: precondition that failed. */
    public static void davError(HttpServletResponse res, int status, String condition, String message)
            throws IOException {
        condition(res, status, DavXml.dav(condition), null, message);
    }

    /**
     * {@code <d:error><p:condition>[<d:href>href</d:href>]</p:condition><d:message>..</d:message></d:error>}, or
     * a line of text when {@code condition} is null.
     */
    public static void condition(HttpServletResponse res, int status, QName condition, String href, String message)
            throws IOException {
        if (condition == null) {
            error(res, status, message);
            return;
        }
        if (!writable(res, message)) {
            return;
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:error xmlns:d=\"DAV:\"");
        String prefix = "d";
        if (!DavXml.DAV.equals(condition.getNamespaceURI())) {
            prefix = "p";
            xml.append(" xmlns:p=\"")
                    .append(escape(condition.getNamespaceURI()))
                    .append('"');
        }
        xml.append("><").append(prefix).append(':').append(condition.getLocalPart());
        if (href == null) {
            xml.append("/>");
        } else {
            xml.append("><d:href>")
                    .append(escape(href))
                    .append("</d:href></")
                    .append(prefix)
                    .append(':')
                    .append(condition.getLocalPart())
                    .append('>');
        }
        xml.append("<d:message>").append(escape(message)).append("</d:message></d:error>\n");
        res.setStatus(status);
        res.setContentType("application/xml; charset=utf-8");
        byte[] body = xml.toString().getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
        LOG.log(Level.FINE, message);
    }

    /** Whether an error can still be answered: not once the answer has begun; a buffered body is dropped. */
    private static boolean writable(HttpServletResponse res, String message) {
        if (res.isCommitted()) {
            LOG.log(Level.FINE, "answer already started; dropped: {0}", message);
            return false;
        }
        res.resetBuffer();
        return true;
    }

    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
