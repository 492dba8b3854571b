package dev.nubo.rest.share;

import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.AuditEntry;
import dev.nubo.share.api.ShareAudit;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Cursors of the audit trail: "{epochSecond}.{nano}.{id}" of the last entry shown. */
final class AuditPages {
    static final int DEFAULT = 100;

    private AuditPages() {}

    static Optional<ShareAudit.Cursor> cursor(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        String[] p = text.split("\\.", -1);
        try {
            if (p.length == 3) {
                return Optional.of(new ShareAudit.Cursor(
                        Instant.ofEpochSecond(Long.parseLong(p[0]), Integer.parseInt(p[1])), Long.parseLong(p[2])));
            }
        } catch (RuntimeException e) {
            // falls through to the 400 below
        }
        throw NuboException.invalid("cursor is not one this server gave out");
    }

    static int limit(Integer limit) {
        if (limit == null) {
            return DEFAULT;
        }
        if (limit < 1 || limit > 500) {
            throw NuboException.invalid("limit must be between 1 and 500");
        }
        return limit;
    }

    static SharesJson.AuditPage page(List<AuditEntry> entries, Integer asked) {
        String next = null;
        if (entries.size() == limit(asked)) {
            AuditEntry last = entries.get(entries.size() - 1);
            next = last.at().getEpochSecond() + "." + last.at().getNano() + "." + last.id();
        }
        return new SharesJson.AuditPage(
                entries.stream().map(SharesJson.AuditLine::of).toList(), next);
    }
}
