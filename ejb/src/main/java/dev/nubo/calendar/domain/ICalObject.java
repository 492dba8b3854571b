package dev.nubo.calendar.domain;

import dev.nubo.calendar.api.Busy;
import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.CalendarIndex;
import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.Instance;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.calendar.api.ParsedCalendar;
import dev.nubo.calendar.domain.Occurrences.Occurrence;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.util.CompatibilityHints;

/** A calendar object resource read with ical4j and validated per RFC 4791 section 4.1. */
public final class ICalObject implements ParsedCalendar {
    /** Floating times and dates may be read in any zone: UTC-12 to UTC+14. */
    static final Duration FLOATING_SLACK = Duration.ofHours(14);

    static final Set<String> TYPES = Set.of("VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY");

    static {
        // Quirks seen from clients: lines folded with a tab or without the leading space (Outlook exports),
        // LF instead of CRLF (hand-written files, some Android exports), unknown or misplaced properties.
        CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_UNFOLDING, true);
        CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_PARSING, true);
        CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_VALIDATION, true);
    }

    private final List<Component> components;
    private final CalendarIndex index;

    private ICalObject(List<Component> components, CalendarIndex index) {
        this.components = components;
        this.index = index;
    }

    public static ICalObject parse(byte[] data, Set<String> allowed) {
        String text = new String(data, StandardCharsets.UTF_8);
        if (!text.stripLeading().regionMatches(true, 0, "BEGIN:VCALENDAR", 0, 15)) {
            throw new InvalidCalendarData("valid-calendar-data", "the body is not an iCalendar object");
        }
        Calendar calendar;
        try {
            calendar = new CalendarBuilder().build(new StringReader(text));
        } catch (ParserException | IOException | RuntimeException e) {
            throw new InvalidCalendarData(
                    "valid-calendar-data", "the iCalendar data does not parse: " + e.getMessage());
        }
        if (calendar.getProperty(Property.METHOD).isPresent()) {
            throw new InvalidCalendarData(
                    "valid-calendar-object-resource",
                    "a stored calendar object has no METHOD (that is for scheduling messages)");
        }
        List<Component> items = new ArrayList<>();
        for (Object o : calendar.getComponents()) {
            Component c = (Component) o;
            if (!c.getName().equals(Component.VTIMEZONE)) {
                items.add(c);
            }
        }
        String type = validate(items);
        if (!allowed.contains(type)) {
            throw new InvalidCalendarData("supported-calendar-component", "this calendar does not hold " + type);
        }
        return new ICalObject(List.copyOf(items), index(items, type));
    }

    private static String validate(List<Component> items) {
        if (items.isEmpty()) {
            throw new InvalidCalendarData("valid-calendar-object-resource", "the calendar holds no component");
        }
        String type = items.get(0).getName().toUpperCase(Locale.ROOT);
        String uid = null;
        for (Component c : items) {
            if (!c.getName().equalsIgnoreCase(type) || !TYPES.contains(type)) {
                throw new InvalidCalendarData(
                        "valid-calendar-object-resource",
                        "one resource holds components of one type (VEVENT, VTODO or VJOURNAL), not " + type + " and "
                                + c.getName());
            }
            String u = c.getProperty(Property.UID)
                    .map(Property::getValue)
                    .map(String::strip)
                    .orElse("");
            if (u.isEmpty()) {
                throw new InvalidCalendarData("valid-calendar-object-resource", "every component needs a UID");
            }
            if (uid != null && !uid.equals(u)) {
                throw new InvalidCalendarData(
                        "valid-calendar-object-resource", "one resource holds one UID, not " + uid + " and " + u);
            }
            uid = u;
        }
        return type;
    }

    private static CalendarIndex index(List<Component> items, String type) {
        String uid =
                items.get(0).getProperty(Property.UID).orElseThrow().getValue().strip();
        Component master = items.stream()
                .filter(c -> c.getProperty(Property.RECURRENCE_ID).isEmpty())
                .findFirst()
                .orElse(items.get(0));
        String summary =
                master.getProperty(Property.SUMMARY).map(Property::getValue).orElse(null);
        boolean recurring = items.stream().anyMatch(Occurrences::recurring);
        boolean floating = items.stream()
                .anyMatch(c -> Occurrences.date(c, Property.DTSTART)
                        .or(() -> Occurrences.date(c, Property.DUE))
                        .map(Occurrences::floating)
                        .orElse(false));
        List<Occurrence> all = Occurrences.of(items, ZoneOffset.UTC, null, null, CalendarData.MAX_INSTANCES);
        boolean unbounded =
                all.size() > CalendarData.MAX_INSTANCES || items.stream().anyMatch(ICalObject::endless);
        Instant first = null;
        Instant last = null;
        boolean undated = false;
        for (Occurrence o : all) {
            if (o.start() == null) {
                undated = true;
                continue;
            }
            first = first == null || o.start().isBefore(first) ? o.start() : first;
            last = last == null || o.end().isAfter(last) ? o.end() : last;
        }
        if (undated || first == null) {
            return new CalendarIndex(uid, type, null, null, summary, recurring);
        }
        Duration slack = floating ? FLOATING_SLACK : Duration.ZERO;
        Instant lastEnd = unbounded ? null : last.plus(slack).plusSeconds(1);
        return new CalendarIndex(uid, type, first.minus(slack), lastEnd, summary, recurring);
    }

    private static boolean endless(Component c) {
        return c.getProperties(Property.RRULE).stream()
                .map(p -> ((net.fortuna.ical4j.model.property.RRule<?>) p).getRecur())
                .anyMatch(r -> r.getCount() < 1 && r.getUntil() == null);
    }

    @Override
    public CalendarIndex index() {
        return index;
    }

    @Override
    public boolean matches(CompFilter filter, ZoneId floatingZone) {
        return new CalendarFilters(components, floatingZone).matches(filter);
    }

    List<Occurrence> occurrences(Instant start, Instant end, ZoneId zone) {
        List<Occurrence> all = Occurrences.of(components, zone, start, end, CalendarData.MAX_INSTANCES);
        return all.size() > CalendarData.MAX_INSTANCES ? all.subList(0, CalendarData.MAX_INSTANCES) : all;
    }

    @Override
    public String expand(Instant start, Instant end, ZoneId floatingZone) {
        return Expansion.write(occurrences(start, end, floatingZone));
    }

    @Override
    public List<Instance> instances(Instant start, Instant end, ZoneId floatingZone) {
        List<Instance> out = new ArrayList<>();
        for (Occurrence o : occurrences(start, end, floatingZone)) {
            if (o.start() == null) {
                continue;
            }
            Component c = o.source();
            out.add(new Instance(
                    index.uid(),
                    o.recurrenceId() == null ? null : Expansion.format(o.recurrenceId(), floatingZone),
                    o.start(),
                    o.end(),
                    o.allDay(),
                    text(c, Property.SUMMARY),
                    text(c, Property.LOCATION),
                    text(c, Property.DESCRIPTION)));
        }
        return out;
    }

    @Override
    public List<Busy> busy(Instant start, Instant end, ZoneId floatingZone) {
        List<Busy> out = new ArrayList<>();
        if (!index.componentType().equals(Component.VEVENT)) {
            return out;
        }
        for (Occurrence o : occurrences(start, end, floatingZone)) {
            Component c = o.source();
            String transp = text(c, Property.TRANSP);
            String status = Optional.ofNullable(text(c, Property.STATUS)).orElse("");
            if (o.start() == null
                    || o.end().equals(o.start())
                    || "TRANSPARENT".equalsIgnoreCase(transp)
                    || status.equalsIgnoreCase("CANCELLED")) {
                continue;
            }
            Instant s = o.start().isBefore(start) ? start : o.start();
            Instant e = o.end().isAfter(end) ? end : o.end();
            out.add(new Busy(s, e, status.equalsIgnoreCase("TENTATIVE") ? "BUSY-TENTATIVE" : "BUSY"));
        }
        return out;
    }

    static String text(Component c, String name) {
        return c.getProperty(name).map(Property::getValue).orElse(null);
    }

    static boolean isDate(Temporal t) {
        return t instanceof LocalDate;
    }
}
