package dev.nubo.contacts.domain;

import com.github.mangstadt.vinnie.VObjectProperty;
import dev.nubo.contacts.api.AddressFilter;
import dev.nubo.contacts.api.ParamFilter;
import dev.nubo.contacts.api.PropFilter;
import dev.nubo.contacts.api.TextMatch;
import java.util.List;
import java.util.Locale;

/**
 * addressbook-query filters (RFC 6352 section 10.5) over a card's raw properties: a property's name matches with
 * or without its group ("item1.EMAIL"), text is compared unescaped, a text-match with a collation and a match type.
 */
final class CardFilters {
    private CardFilters() {}

    static boolean matches(List<VObjectProperty> props, AddressFilter f) {
        if (f.props().isEmpty()) {
            return true;
        }
        return f.allOf()
                ? f.props().stream().allMatch(p -> matches(props, p))
                : f.props().stream().anyMatch(p -> matches(props, p));
    }

    private static boolean matches(List<VObjectProperty> props, PropFilter f) {
        List<VObjectProperty> named = props.stream()
                .filter(p -> p.getName().equalsIgnoreCase(f.name()))
                .toList();
        if (f.isNotDefined()) {
            return named.isEmpty();
        }
        if (named.isEmpty()) {
            return false;
        }
        if (f.textMatches().isEmpty() && f.params().isEmpty()) {
            return true;
        }
        for (VObjectProperty p : named) {
            boolean ok = f.allOf() ? allTests(p, f) : anyTest(p, f);
            if (ok) {
                return true;
            }
        }
        return false;
    }

    private static boolean allTests(VObjectProperty p, PropFilter f) {
        return f.textMatches().stream().allMatch(t -> text(t, VCardObject.unescape(p.getValue())))
                && f.params().stream().allMatch(pf -> param(p, pf));
    }

    private static boolean anyTest(VObjectProperty p, PropFilter f) {
        return f.textMatches().stream().anyMatch(t -> text(t, VCardObject.unescape(p.getValue())))
                || f.params().stream().anyMatch(pf -> param(p, pf));
    }

    private static boolean param(VObjectProperty p, ParamFilter f) {
        List<String> values = p.getParameters().get(f.name().toUpperCase(Locale.ROOT));
        if (values.isEmpty()) {
            values = p.getParameters().get(f.name());
        }
        if (f.isNotDefined()) {
            return values.isEmpty();
        }
        return !values.isEmpty() && (f.textMatch() == null || values.stream().anyMatch(v -> text(f.textMatch(), v)));
    }

    static boolean text(TextMatch m, String value) {
        String v = value == null ? "" : value;
        String t = m.text();
        if (!TextMatch.OCTET.equals(m.collation())) {
            boolean ascii = TextMatch.ASCII_CASEMAP.equals(m.collation());
            v = ascii ? asciiLower(v) : v.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
            t = ascii ? asciiLower(t) : t.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
        }
        boolean found =
                switch (m.matchType() == null ? "contains" : m.matchType()) {
                    case "equals" -> v.equals(t);
                    case "starts-with" -> v.startsWith(t);
                    case "ends-with" -> v.endsWith(t);
                    default -> v.contains(t);
                };
        return found != m.negate();
    }

    private static String asciiLower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            sb.append(ch >= 'A' && ch <= 'Z' ? (char) (ch + 32) : ch);
        }
        return sb.toString();
    }
}
