package dev.nubo.dav.pim;

import javax.xml.namespace.QName;

/** A request refused before anything changed: a status and, for RFC preconditions, the element naming it. */
public final class DavRequestException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final transient QName precondition;

    public DavRequestException(int status, QName precondition, String message) {
        super(message);
        this.status = status;
        this.precondition = precondition;
    }

    public int status() {
        return status;
    }

    public QName precondition() {
        return precondition;
    }
}
