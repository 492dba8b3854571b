package dev.nubo.calendar.domain;

import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.ParamFilter;
import dev.nubo.calendar.api.PropFilter;
import dev.nubo.calendar.api.TextMatch;
import dev.nubo.calendar.api.TimeRange;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Parameter;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.property.DateProperty;

/**
 * calendar-query filters (RFC 4791 section 9.7) over one object. A time-range on a component is decided on the
 * whole recurrence set (section 9.9: any instance overlapping), prop-filters on each component. VALARM time ranges
 * are not evaluated (an alarm filter with a time-range matches nothing).
 */
final class CalendarFilters {
    private final List<Component> components;
    private final ZoneId zone;

    CalendarFilters(List<Component> components, ZoneId zone) {
        this.components = components;
        this.zone = zone;
    }

    boolean matches(CompFilter top) {
        if (!top.name().equalsIgnoreCase("VCALENDAR")) {
            return false;
        }
        if (top.isNotDefined()) {
            return false;
        }
        for (CompFilter f : top.comps()) {
            if (!matchesAmong(components, f, true)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the components of {@code f}'s name among {@code candidates} satisfy it. */
    private boolean matchesAmong(List<Component> candidates, CompFilter f, boolean topLevel) {
        List<Component> named = candidates.stream()
                .filter(c -> c.getName().equalsIgnoreCase(f.name()))
                .toList();
        if (f.isNotDefined()) {
            return named.isEmpty();
        }
        if (named.isEmpty()) {
            return false;
        }
        if (f.timeRange() != null) {
            if (!topLevel || !overlaps(named, f.timeRange())) {
                return false;
            }
        }
        for (Component c : named) {
            if (f.props().stream().allMatch(p -> matches(c, p))
                    && f.comps().stream().allMatch(sub -> matchesAmong(children(c), sub, false))) {
                return true;
            }
        }
        return false;
    }

    private boolean overlaps(List<Component> set, TimeRange range) {
        return !Occurrences.of(set, zone, range.start(), range.end(), 1).isEmpty();
    }

    private static List<Component> children(Component c) {
        if (c instanceof net.fortuna.ical4j.model.ComponentContainer<?> container) {
            return container.getComponents().stream().map(Component.class::cast).toList();
        }
        return List.of();
    }

    private boolean matches(Component c, PropFilter f) {
        List<Property> props = c.getProperties(f.name().toUpperCase(Locale.ROOT));
        if (f.isNotDefined()) {
            return props.isEmpty();
        }
        for (Property p : props) {
            if (f.timeRange() != null && !inRange(p, f.timeRange())) {
                continue;
            }
            if (f.textMatch() != null && !text(f.textMatch(), p.getValue())) {
                continue;
            }
            if (f.params().stream().allMatch(pf -> matches(p, pf))) {
                return true;
            }
        }
        return false;
    }

    private boolean inRange(Property p, TimeRange range) {
        if (!(p instanceof DateProperty<?> d) || d.getDate() == null) {
            return false;
        }
        Instant at = Occurrences.instant((Temporal) d.getDate(), zone);
        return (range.start() == null || !at.isBefore(range.start()))
                && (range.end() == null || at.isBefore(range.end()));
    }

    private static boolean matches(Property p, ParamFilter f) {
        Optional<Parameter> param = p.getParameter(f.name().toUpperCase(Locale.ROOT));
        if (f.isNotDefined()) {
            return param.isEmpty();
        }
        return param.isPresent()
                && (f.textMatch() == null || text(f.textMatch(), param.get().getValue()));
    }

    /** RFC 4790 collations as CalDAV uses them: a substring test. */
    static boolean text(TextMatch m, String value) {
        String v = value == null ? "" : value;
        boolean found =
                switch (m.collation()) {
                    case TextMatch.OCTET -> v.contains(m.text());
                    case TextMatch.UNICODE_CASEMAP -> fold(v).contains(fold(m.text()));
                    default -> asciiLower(v).contains(asciiLower(m.text()));
                };
        return found != m.negate();
    }

    private static String fold(String s) {
        return s.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
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
