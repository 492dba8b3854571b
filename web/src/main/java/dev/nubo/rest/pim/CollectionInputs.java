package dev.nubo.rest.pim;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.Setting;
import dev.nubo.platform.api.NuboException;
import java.text.Normalizer;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Reads a {@link PimJson.CollectionInput} into the store's settings, refusing what a DAV client could not read. */
final class CollectionInputs {
    static final Pattern ID = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");
    static final Pattern COLOR = Pattern.compile("#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?");
    static final Set<String> COMPONENTS = Set.of("VEVENT", "VTODO", "VJOURNAL");
    static final int MAX_NAME = 255;
    static final int MAX_DESCRIPTION = 10_000;

    private CollectionInputs() {}

    static DavCollection create(CollectionStore store, UUID owner, CollectionKind kind, PimJson.CollectionInput in) {
        if (in == null) {
            throw NuboException.invalid("a body is required");
        }
        boolean calendar = kind == CollectionKind.CALENDAR;
        List<String> components = calendar ? components(in.components()) : List.of();
        if (!calendar && (in.components() != null || in.timezone() != null || in.color() != null)) {
            throw NuboException.invalid("an address book has no components, timezone or color");
        }
        Map<Setting, String> settings = settings(in, calendar);
        if (in.id() != null) {
            if (!ID.matcher(in.id()).matches()) {
                throw NuboException.invalid(
                        "id has 1 to 64 letters, digits, '.', '_' or '-' and does not start with '.'");
            }
            return store.create(owner, kind, in.id(), components, settings, Map.of());
        }
        String base = slug(in.name(), calendar ? "calendar" : "contacts");
        for (String candidate :
                List.of(base, base + "-" + UUID.randomUUID().toString().substring(0, 8))) {
            if (store.find(owner, kind, candidate).isEmpty()) {
                try {
                    return store.create(owner, kind, candidate, components, settings, Map.of());
                } catch (NuboException taken) {
                    // made at the same moment by another request: the next candidate
                }
            }
        }
        return store.create(owner, kind, UUID.randomUUID().toString(), components, settings, Map.of());
    }

    static void patch(CollectionStore store, DavCollection c, PimJson.CollectionInput in) {
        if (in == null) {
            throw NuboException.invalid("a body is required");
        }
        boolean calendar = c.kind() == CollectionKind.CALENDAR;
        if (in.id() != null && !in.id().equals(c.slug())) {
            throw NuboException.invalid("id cannot change");
        }
        if (in.components() != null && !components(in.components()).equals(c.components())) {
            throw NuboException.invalid("components are fixed when a calendar is made");
        }
        if (!calendar && (in.timezone() != null || in.color() != null)) {
            throw NuboException.invalid("an address book has no timezone or color");
        }
        store.patch(c.id(), settings(in, calendar), Map.of());
    }

    /** Present fields only; an empty string becomes null, which removes the setting. */
    private static Map<Setting, String> settings(PimJson.CollectionInput in, boolean calendar) {
        Map<Setting, String> s = new EnumMap<>(Setting.class);
        put(s, Setting.DISPLAYNAME, text(in.name(), "name", MAX_NAME));
        put(s, Setting.DESCRIPTION, text(in.description(), "description", MAX_DESCRIPTION));
        if (calendar) {
            if (in.color() != null) {
                if (!in.color().isEmpty() && !COLOR.matcher(in.color()).matches()) {
                    throw NuboException.invalid("color is #RRGGBB or #RRGGBBAA");
                }
                put(s, Setting.COLOR, in.color());
            }
            if (in.timezone() != null) {
                put(s, Setting.TIMEZONE, in.timezone().isEmpty() ? "" : CalendarData.calendarTimezone(in.timezone()));
            }
            if (in.order() != null) {
                s.put(Setting.ORDER, String.valueOf(in.order()));
            }
        }
        return s;
    }

    private static void put(Map<Setting, String> s, Setting key, String value) {
        if (value != null) {
            s.put(key, value.isEmpty() ? null : value);
        }
    }

    private static String text(String value, String field, int max) {
        if (value != null && (value.length() > max || value.chars().anyMatch(ch -> ch < 0x20 && ch != '\n'))) {
            throw NuboException.invalid(field + " has at most " + max + " characters and no control characters");
        }
        return value;
    }

    private static List<String> components(List<String> requested) {
        if (requested == null) {
            return List.of("VEVENT", "VTODO");
        }
        Set<String> out = new LinkedHashSet<>();
        for (String c : requested) {
            String name = c == null ? "" : c.strip().toUpperCase(Locale.ROOT);
            if (!COMPONENTS.contains(name)) {
                throw NuboException.invalid("components are VEVENT, VTODO or VJOURNAL");
            }
            out.add(name);
        }
        if (out.isEmpty()) {
            throw NuboException.invalid("a calendar holds at least one component type");
        }
        return List.copyOf(out);
    }

    static String slug(String name, String fallback) {
        String ascii = name == null
                ? ""
                : Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String s = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        s = s.length() > 48 ? s.substring(0, 48).replaceAll("-+$", "") : s;
        return s.isEmpty() ? fallback : s;
    }
}
