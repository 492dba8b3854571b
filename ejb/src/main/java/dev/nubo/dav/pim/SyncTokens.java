package dev.nubo.dav.pim;

import dev.nubo.collections.api.DavCollection;
import dev.nubo.dav.core.DavException;
import javax.xml.namespace.QName;

/**
 * Sync tokens (RFC 6578 section 3.2: a URI) and getctags: {@code http://nubo.dev/ns/sync/{collection id}-{change
 * number}}. The id makes a token of a deleted collection invalid for a new one of the same name.
 */
final class SyncTokens {
    static final String PREFIX = "http://nubo.dev/ns/sync/";
    static final QName VALID_SYNC_TOKEN = new QName(PimXml.DAV, "valid-sync-token");

    private SyncTokens() {}

    static String format(DavCollection c) {
        return format(c.id(), c.syncSeq());
    }

    static String format(long collectionId, long seq) {
        return PREFIX + collectionId + "-" + seq;
    }

    /**
     * The change number a client's token stands for: 0 for the initial sync (an empty token); 403 valid-sync-token
     * for anything this collection did not hand out.
     */
    static long since(DavCollection c, String token) {
        if (token == null || token.isBlank()) {
            return 0;
        }
        String t = token.strip();
        String own = PREFIX + c.id() + "-";
        if (t.startsWith(own)) {
            try {
                long seq = Long.parseLong(t.substring(own.length()));
                if (seq >= 0 && seq <= c.syncSeq()) {
                    return seq;
                }
            } catch (NumberFormatException e) {
                // falls through to the refusal
            }
        }
        throw DavException.precondition(403, VALID_SYNC_TOKEN, "this sync-token was not issued for this collection");
    }
}
