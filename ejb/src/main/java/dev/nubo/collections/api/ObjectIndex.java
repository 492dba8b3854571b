package dev.nubo.collections.api;

import java.time.Instant;
import java.util.List;

/**
 * The columns stored next to an object's bytes so that queries filter in SQL before any parsing: for calendar data
 * the component type and the span of the whole series (conservative: a query may read candidates the exact filter
 * then rejects, never miss one), for vCards the names, emails, kind, categories and group members.
 */
public record ObjectIndex(
        String uid,
        String component,
        Instant firstStart,
        Instant lastEnd,
        String summary,
        String formattedName,
        String searchText,
        List<String> emails,
        String cardKind,
        List<String> categories,
        List<String> memberUids) {

    public ObjectIndex {
        emails = emails == null ? List.of() : List.copyOf(emails);
        categories = categories == null ? List.of() : List.copyOf(categories);
        memberUids = memberUids == null ? List.of() : List.copyOf(memberUids);
    }

    public static ObjectIndex calendar(
            String uid, String component, Instant firstStart, Instant lastEnd, String summary) {
        return new ObjectIndex(uid, component, firstStart, lastEnd, summary, null, null, null, null, null, null);
    }

    public static ObjectIndex card(
            String uid,
            String formattedName,
            String searchText,
            List<String> emails,
            String cardKind,
            List<String> categories,
            List<String> memberUids) {
        return new ObjectIndex(
                uid, null, null, null, null, formattedName, searchText, emails, cardKind, categories, memberUids);
    }
}
