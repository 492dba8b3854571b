package dev.nubo.dav.pim;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.namespace.QName;

/** Error answers: an RFC 4918 section 16 DAV:error naming the failed precondition, or a line of text. */
final class PimErrors {
    private static final Logger LOG = Logger.getLogger(PimErrors.class.getName());

    private PimErrors() {}

    static void text(HttpServletResponse res, int status, String message) throws IOException {
        if (res.isCommitted()) {
            LOG.log(Level.FINE, "answer already started; dropped: {0}", message);
            return;
        }
        res.reset();
        res.setStatus(status);
        res.setContentType("text/plain; charset=utf-8");
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }

    /** {@code <d:error><p:condition>[<d:href>href</d:href>]</p:condition><d:message>..</d:message></d:error>}. */
    static void condition(HttpServletResponse res, int status, QName condition, String href, String message)
            throws IOException {
        if (condition == null) {
            text(res, status, message);
            return;
        }
        if (res.isCommitted()) {
            LOG.log(Level.FINE, "answer already started; dropped: {0}", message);
            return;
        }
        res.reset();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:error xmlns:d=\"DAV:\"");
        String prefix = "d";
        if (!PimXml.DAV.equals(condition.getNamespaceURI())) {
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
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
