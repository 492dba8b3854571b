package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.groups.api.GroupRef;
import dev.nubo.groups.api.Sharees;
import dev.nubo.groups.api.UserRef;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The share dialog's type-ahead of the Nextcloud clients: {@code GET /ocs/v2.php/apps/files_sharing/api/v1/sharees
 * ?search=…&itemType=file|folder&perPage=…&shareType[]=0&shareType[]=1} over the same search as {@code /api/sharees}
 * (enabled users other than the caller, and groups, by name or display name). Answers Nextcloud's shape: users and
 * groups under {@code users} and {@code groups}, those whose name equals the search under {@code exact}, and empty
 * lists for the kinds Nubo has no notion of (remote users and groups, e-mails, circles, rooms, the lookup server).
 */
@ApplicationScoped
public class OcsSharees {
    static final String ROUTE = "/apps/files_sharing/api/v1/sharees";
    static final int USER = 0;
    static final int GROUP = 1;
    private static final List<String> FOREIGN_KINDS =
            List.of("remotes", "remote_groups", "emails", "circles", "rooms", "lookup");

    @Inject
    Sharees sharees;

    static boolean handles(String route) {
        return route.equals(ROUTE);
    }

    void serve(AuthenticatedUser user, boolean v2, HttpServletRequest req, HttpServletResponse res) throws IOException {
        try {
            if (!req.getMethod().equals("GET")) {
                throw NuboException.invalid("sharees are searched with GET");
            }
            OcsParams params = OcsParams.read(req);
            String search =
                    params.get("search") == null ? "" : params.get("search").strip();
            int perPage = Math.min(Sharees.MAX_LIMIT, Math.max(1, params.integer("perPage", Sharees.MAX_LIMIT)));
            Set<Integer> kinds = shareTypes(req.getQueryString());
            Ocs.ok(req, res, v2, answer(user, search, perPage, kinds));
        } catch (NuboException e) {
            Ocs.failure(req, res, v2, e.kind().httpStatus(), e.getMessage());
        }
    }

    private Map<String, Object> answer(AuthenticatedUser user, String search, int perPage, Set<Integer> kinds) {
        List<Object> users = new ArrayList<>();
        List<Object> groups = new ArrayList<>();
        List<Object> exactUsers = new ArrayList<>();
        List<Object> exactGroups = new ArrayList<>();
        // an empty search lists nobody: the dialog asks only once something is typed
        if (!search.isEmpty()) {
            Sharees.Matches found = sharees.search(user.userId(), search, perPage);
            String wanted = search.toLowerCase(Locale.ROOT);
            if (kinds.contains(USER)) {
                for (UserRef u : found.users()) {
                    boolean exact = u.username().toLowerCase(Locale.ROOT).equals(wanted)
                            || u.displayName().toLowerCase(Locale.ROOT).equals(wanted);
                    (exact ? exactUsers : users).add(entry(u.displayName(), USER, u.username(), "icon-user"));
                }
            }
            if (kinds.contains(GROUP)) {
                for (GroupRef g : found.groups()) {
                    boolean exact = g.name().toLowerCase(Locale.ROOT).equals(wanted)
                            || g.displayName().toLowerCase(Locale.ROOT).equals(wanted);
                    (exact ? exactGroups : groups).add(entry(g.displayName(), GROUP, g.name(), "icon-group"));
                }
            }
        }
        Map<String, Object> exact = new LinkedHashMap<>();
        exact.put("users", exactUsers);
        exact.put("groups", exactGroups);
        FOREIGN_KINDS.forEach(k -> exact.put(k, List.of()));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("exact", exact);
        data.put("users", users);
        data.put("groups", groups);
        FOREIGN_KINDS.forEach(k -> data.put(k, List.of()));
        data.put("lookupEnabled", false);
        return data;
    }

    private static Map<String, Object> entry(String label, int shareType, String shareWith, String icon) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("shareType", shareType);
        value.put("shareWith", shareWith);
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("label", label == null || label.isBlank() ? shareWith : label);
        e.put("icon", icon);
        e.put("value", value);
        e.put("shareWithDisplayNameUnique", shareWith);
        return e;
    }

    /**
     * The kinds asked for: {@code shareType=0} or repeated {@code shareType[]=0&shareType[]=1} (as the clients send
     * them); none given means users and groups. Kinds Nubo does not have are ignored; anything not a number is 400.
     */
    static Set<Integer> shareTypes(String query) {
        Set<Integer> kinds = new TreeSet<>();
        boolean given = false;
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                if (!key.equals("shareType") && !key.equals("shareType[]")) {
                    continue;
                }
                given = true;
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                try {
                    kinds.add(Integer.parseInt(value.strip()));
                } catch (NumberFormatException e) {
                    throw NuboException.invalid("shareType must be a number");
                }
            }
        }
        return given ? kinds : Set.of(USER, GROUP);
    }
}
