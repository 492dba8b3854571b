package dev.nubo.dav.core;

import dev.nubo.platform.api.NuboException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The WebDAV If header (RFC 4918 section 10.4): lists of conditions, each list optionally tagged with the resource
 * it is about. The header holds when any list holds; a list holds when all its conditions do.
 */
public record IfHeader(List<Group> groups) {
    /** A state token ({@code <opaquelocktoken:...>}) or an entity tag ({@code ["..."]}), possibly negated. */
    public record Condition(boolean not, String token, String etag) {}

    /** One parenthesised list; {@code resource} is the tag's raw URI or path, null for an untagged list. */
    public record Group(String resource, List<Condition> conditions) {}

    /** Parses the header; null when absent. A malformed header is a 400. */
    public static IfHeader parse(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        List<Group> groups = new ArrayList<>();
        String tag = null;
        int i = 0;
        int n = header.length();
        while (i < n) {
            char c = header.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '<') {
                int end = header.indexOf('>', i);
                if (end < 0) {
                    throw bad();
                }
                tag = header.substring(i + 1, end);
                i = end + 1;
            } else if (c == '(') {
                List<Condition> conditions = new ArrayList<>();
                i++;
                while (true) {
                    while (i < n && Character.isWhitespace(header.charAt(i))) {
                        i++;
                    }
                    if (i >= n) {
                        throw bad();
                    }
                    if (header.charAt(i) == ')') {
                        i++;
                        break;
                    }
                    boolean not = false;
                    if (header.regionMatches(true, i, "Not", 0, 3)) {
                        not = true;
                        i += 3;
                        while (i < n && Character.isWhitespace(header.charAt(i))) {
                            i++;
                        }
                    }
                    if (i < n && header.charAt(i) == '<') {
                        int end = header.indexOf('>', i);
                        if (end < 0) {
                            throw bad();
                        }
                        conditions.add(new Condition(not, header.substring(i + 1, end), null));
                        i = end + 1;
                    } else if (i < n && header.charAt(i) == '[') {
                        int end = header.indexOf(']', i);
                        if (end < 0) {
                            throw bad();
                        }
                        conditions.add(new Condition(
                                not, null, header.substring(i + 1, end).strip()));
                        i = end + 1;
                    } else {
                        throw bad();
                    }
                }
                if (conditions.isEmpty()) {
                    throw bad();
                }
                groups.add(new Group(tag, conditions));
            } else {
                throw bad();
            }
        }
        if (groups.isEmpty()) {
            throw bad();
        }
        return new IfHeader(groups);
    }

    private static NuboException bad() {
        return NuboException.invalid("the If header is malformed");
    }

    /** Every state token the header names (not negated): the lock tokens the client submits. */
    public Set<String> tokens() {
        Set<String> tokens = new LinkedHashSet<>();
        for (Group g : groups) {
            for (Condition c : g.conditions()) {
                if (c.token() != null && !c.not()) {
                    tokens.add(c.token());
                }
            }
        }
        return tokens;
    }
}
