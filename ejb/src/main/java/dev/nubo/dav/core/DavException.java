package dev.nubo.dav.core;

import javax.xml.namespace.QName;

/**
 * A DAV request refused before anything changed: the status to answer and why, and, for the preconditions of
 * RFC 4918 section 16, RFC 4791 (CalDAV) and RFC 6352 (CardDAV), the element naming the condition, with an href
 * inside it where the RFC gives one. {@link DavErrors} renders it, the same way on every DAV surface.
 */
public final class DavException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The methods the file trees answer, for OPTIONS and the Allow header of a 405. */
    public static final String ALLOW =
            "OPTIONS, GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, PROPPATCH, COPY, MOVE, LOCK, UNLOCK";

    private final int status;
    private final transient QName precondition;
    private final String href;
    private final String allow;

    private DavException(int status, QName precondition, String href, String allow, String message) {
        super(message, null, false, false);
        this.status = status;
        this.precondition = precondition;
        this.href = href;
        this.allow = allow;
    }

    /** A plain answer: the status and one line of text. */
    public static DavException of(int status, String message) {
        return new DavException(status, null, null, null, message);
    }

    /** An error body naming the precondition that failed ({@code <d:error><x:condition/>...</d:error>}). */
    public static DavException precondition(int status, QName condition, String message) {
        return new DavException(status, condition, null, null, message);
    }

    /** As {@link #precondition(int, QName, String)} for a condition of RFC 4918, in the DAV: namespace. */
    public static DavException precondition(int status, String davCondition, String message) {
        return precondition(status, DavXml.dav(davCondition), message);
    }

    /** A DAV: precondition with the href it is about inside its element. */
    public static DavException precondition(int status, String davCondition, String href, String message) {
        return new DavException(status, DavXml.dav(davCondition), href, null, message);
    }

    /** 405 with the Allow header of the file trees. */
    public static DavException notAllowed(String message) {
        return new DavException(405, null, null, ALLOW, message);
    }

    public int status() {
        return status;
    }

    /** The precondition's element, or null for a plain answer. */
    public QName precondition() {
        return precondition;
    }

    /** The href inside the precondition's element, or null. */
    public String href() {
        return href;
    }

    /** The Allow header to send, or null. */
    public String allow() {
        return allow;
    }
}
