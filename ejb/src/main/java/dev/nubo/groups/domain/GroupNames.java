package dev.nubo.groups.domain;

import dev.nubo.platform.api.NuboException;
import java.text.Normalizer;
import java.util.regex.Pattern;

/**
 * The rules for a group's name and display name. The name pattern is the one the {@code groups_name_format} check of
 * V9 enforces again; checking it here first turns a bad name into a 400 with a message instead of a constraint
 * violation.
 */
public final class GroupNames {
    public static final int MAX_NAME = 64;
    public static final int MAX_DISPLAY_NAME = 255;
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@ -]{0,63}");

    private GroupNames() {}

    /** The name without surrounding spaces (a trailing space would make two names that look alike). */
    public static String name(String name) {
        String s = name == null ? "" : name.strip();
        if (s.isEmpty()) {
            throw NuboException.invalid("name is required");
        }
        if (s.length() > MAX_NAME) {
            throw NuboException.invalid("name must be at most " + MAX_NAME + " characters");
        }
        if (!NAME.matcher(s).matches()) {
            throw NuboException.invalid("name may contain only letters, digits, spaces, '.', '_', '@' and '-',"
                    + " and must start with a letter or digit");
        }
        return s;
    }

    /** The display name in NFC, or the name when none is given. */
    public static String displayName(String displayName, String name) {
        if (displayName == null || displayName.isBlank()) {
            return name;
        }
        String s = Normalizer.normalize(displayName.strip(), Normalizer.Form.NFC);
        if (s.length() > MAX_DISPLAY_NAME) {
            throw NuboException.invalid("displayName must be at most " + MAX_DISPLAY_NAME + " characters");
        }
        if (s.chars().anyMatch(Character::isISOControl)) {
            throw NuboException.invalid("displayName must not contain control characters");
        }
        return s;
    }

    /**
     * A user's search text as a LIKE pattern that matches it literally ({@code %}, {@code _} and the escape character
     * stand for themselves), lower-cased as the indexed expressions are.
     */
    public static String likeLiteral(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 4);
        for (char c : text.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (c == '%' || c == '_' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
