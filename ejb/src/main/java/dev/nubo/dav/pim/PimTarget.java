package dev.nubo.dav.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.dav.core.DavPath;
import java.util.ArrayList;
import java.util.List;

/**
 * A request path below the DAV root in the groupware areas, decoded: {@code /principals/{user}/},
 * {@code /calendars/{user}/{calendar}/{object}}, {@code /addressbooks/{user}/{book}/{object}}. Missing levels are
 * null; {@code user} and the rest are as the client named them (checked against the signed-in user by the caller).
 */
record PimTarget(String area, String user, String collection, String object) {
    static final String PRINCIPALS = "principals";
    static final String CALENDARS = "calendars";
    static final String ADDRESSBOOKS = "addressbooks";

    /** Whether a path below the DAV root belongs to these areas. */
    static boolean handles(String rest) {
        String first = rest.startsWith("/") ? rest.substring(1) : rest;
        int slash = first.indexOf('/');
        String area = slash < 0 ? first : first.substring(0, slash);
        return area.equals(PRINCIPALS) || area.equals(CALENDARS) || area.equals(ADDRESSBOOKS);
    }

    /** Null when the path has more levels than any resource here (the caller answers 404). */
    static PimTarget parse(String rest) {
        List<String> segments = new ArrayList<>();
        for (String raw : rest.split("/")) {
            if (!raw.isEmpty()) {
                segments.add(DavPath.decode(raw));
            }
        }
        int max = segments.get(0).equals(PRINCIPALS) ? 2 : 4;
        if (segments.size() > max) {
            return null;
        }
        return new PimTarget(
                segments.get(0),
                segments.size() > 1 ? segments.get(1) : null,
                segments.size() > 2 ? segments.get(2) : null,
                segments.size() > 3 ? segments.get(3) : null);
    }

    CollectionKind kind() {
        return area.equals(CALENDARS) ? CollectionKind.CALENDAR : CollectionKind.ADDRESSBOOK;
    }

    /** Levels: 1 the area, 2 a principal or a home, 3 a collection, 4 an object. */
    int level() {
        return object != null ? 4 : collection != null ? 3 : user != null ? 2 : 1;
    }
}
