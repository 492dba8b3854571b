package dev.nubo.contacts.domain;

import com.github.mangstadt.vinnie.VObjectProperty;
import com.github.mangstadt.vinnie.io.Context;
import com.github.mangstadt.vinnie.io.SyntaxRules;
import com.github.mangstadt.vinnie.io.VObjectDataListener;
import com.github.mangstadt.vinnie.io.VObjectReader;
import com.github.mangstadt.vinnie.io.Warning;
import dev.nubo.contacts.api.AddressFilter;
import dev.nubo.contacts.api.CardIndex;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.contacts.api.ParsedCard;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** One vCard read line by line (properties kept raw for filters) and validated per RFC 6352 section 5.1. */
public final class VCardObject implements ParsedCard {
    /** Apple Contacts marks groups with these instead of vCard 4.0's KIND and MEMBER. */
    static final String APPLE_KIND = "X-ADDRESSBOOKSERVER-KIND";

    static final String APPLE_MEMBER = "X-ADDRESSBOOKSERVER-MEMBER";

    private final List<VObjectProperty> properties;
    private final CardIndex index;

    private VCardObject(List<VObjectProperty> properties, CardIndex index) {
        this.properties = properties;
        this.index = index;
    }

    public static VCardObject parse(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        if (!text.stripLeading().regionMatches(true, 0, "BEGIN:VCARD", 0, 11)) {
            throw new InvalidAddressData("valid-address-data", "the body is not a vCard");
        }
        Collector c = new Collector();
        try (VObjectReader reader = new VObjectReader(new StringReader(text), SyntaxRules.vcard())) {
            reader.parse(c);
        } catch (IOException | RuntimeException e) {
            throw new InvalidAddressData("valid-address-data", "the vCard does not parse: " + e.getMessage());
        }
        if (c.cards != 1) {
            throw new InvalidAddressData("valid-address-data", "one resource holds one vCard, not " + c.cards);
        }
        // a missing VERSION is read as 3.0: older exports leave it out
        String version = c.version == null ? "3.0" : c.version.strip();
        if (!version.equals("3.0") && !version.equals("4.0")) {
            throw new InvalidAddressData(
                    "supported-address-data", "vCard " + version + " is not stored; send 3.0 or 4.0");
        }
        String uid = first(c.properties, "UID");
        if (uid == null || uid.isBlank()) {
            throw new InvalidAddressData("valid-address-data", "the vCard needs a UID");
        }
        return new VCardObject(List.copyOf(c.properties), index(c.properties, uid.strip(), version));
    }

    private static CardIndex index(List<VObjectProperty> props, String uid, String version) {
        String fn = unescape(first(props, "FN"));
        List<String> names = new ArrayList<>();
        names.add(fn);
        for (String n : List.of("N", "NICKNAME", "ORG")) {
            values(props, n).forEach(v -> names.add(unescape(v).replace(';', ' ')));
        }
        String kind = first(props, "KIND");
        kind = kind != null ? kind : first(props, APPLE_KIND);
        List<String> categories = new ArrayList<>();
        values(props, "CATEGORIES").forEach(v -> {
            for (String cat : v.split("(?<!\\\\),")) {
                if (!cat.isBlank()) {
                    categories.add(unescape(cat).strip());
                }
            }
        });
        List<String> members = new ArrayList<>();
        for (String m : List.of("MEMBER", APPLE_MEMBER)) {
            values(props, m).forEach(v -> members.add(v.strip().replaceFirst("(?i)^urn:uuid:", "")));
        }
        return new CardIndex(
                uid,
                version,
                fn,
                names.stream()
                        .filter(s -> s != null && !s.isBlank())
                        .map(String::strip)
                        .collect(Collectors.joining(" ")),
                values(props, "EMAIL").stream().map(String::strip).toList(),
                values(props, "TEL").stream().map(String::strip).toList(),
                kind == null ? "individual" : kind.strip().toLowerCase(Locale.ROOT),
                categories,
                members);
    }

    @Override
    public CardIndex index() {
        return index;
    }

    @Override
    public boolean matches(AddressFilter filter) {
        return CardFilters.matches(properties, filter);
    }

    static String first(List<VObjectProperty> props, String name) {
        List<String> v = values(props, name);
        return v.isEmpty() ? null : v.get(0);
    }

    static List<String> values(List<VObjectProperty> props, String name) {
        return props.stream()
                .filter(p -> p.getName().equalsIgnoreCase(name))
                .map(VObjectProperty::getValue)
                .toList();
    }

    /** vCard text escapes (RFC 6350 section 3.4): \\, \, \; \n. */
    static String unescape(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length()) {
                char next = s.charAt(++i);
                sb.append(next == 'n' || next == 'N' ? '\n' : next);
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    /** Collects the properties of the top vCard (nested components, which vCard does not have, are not counted). */
    private static final class Collector implements VObjectDataListener {
        final List<VObjectProperty> properties = new ArrayList<>();
        int depth;
        int cards;
        String version;

        @Override
        public void onComponentBegin(String name, Context context) {
            if (depth++ == 0 && name.equalsIgnoreCase("VCARD")) {
                cards++;
            }
        }

        @Override
        public void onComponentEnd(String name, Context context) {
            depth--;
        }

        @Override
        public void onProperty(VObjectProperty property, Context context) {
            if (depth == 1 && cards == 1) {
                properties.add(property);
            }
        }

        @Override
        public void onVersion(String value, Context context) {
            if (cards == 1) {
                version = value;
            }
        }

        @Override
        public void onWarning(Warning warning, VObjectProperty property, Exception thrown, Context context) {
            // tolerated: the properties that do parse are kept
        }
    }
}
