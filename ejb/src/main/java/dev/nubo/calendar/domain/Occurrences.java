package dev.nubo.calendar.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.Recur;
import net.fortuna.ical4j.model.property.DateListProperty;
import net.fortuna.ical4j.model.property.DateProperty;
import net.fortuna.ical4j.model.property.RRule;

/**
 * The occurrences of one component set (a master and its RECURRENCE-ID overrides, RFC 5545 section 3.8.4.4):
 * RRULE and RDATE add starts, EXDATE removes them, an override replaces the instance it names. Times are compared
 * as instants; floating times and dates are read in the zone given.
 */
final class Occurrences {
    /** Starts of a series with no end are generated up to here when a range is open. */
    static final Instant HORIZON = Instant.parse("2200-01-01T00:00:00Z");

    private Occurrences() {}

    /** One occurrence; {@code start} null for a task with no dates (it matches every range). */
    record Occurrence(Component source, Instant start, Instant end, boolean allDay, Temporal recurrenceId) {
        boolean overlaps(Instant from, Instant to) {
            if (start == null) {
                return true;
            }
            if (end.equals(start)) {
                return (from == null || !start.isBefore(from)) && (to == null || start.isBefore(to));
            }
            return (to == null || start.isBefore(to)) && (from == null || end.isAfter(from));
        }
    }

    /** The occurrences overlapping [from, to) (either open), by start, at most {@code cap} plus one. */
    static List<Occurrence> of(List<Component> set, ZoneId zone, Instant from, Instant to, int cap) {
        Component master = null;
        Map<Instant, Component> overrides = new HashMap<>();
        for (Component c : set) {
            Optional<Temporal> rid = date(c, Property.RECURRENCE_ID);
            if (rid.isEmpty()) {
                master = master == null ? c : master;
            } else {
                overrides.put(instant(rid.get(), zone), c);
            }
        }
        List<Occurrence> out = new ArrayList<>();
        if (master != null) {
            series(master, zone, from, to, cap, overrides.keySet(), out);
        }
        for (Map.Entry<Instant, Component> o : overrides.entrySet()) {
            Occurrence single = single(
                    o.getValue(),
                    zone,
                    date(o.getValue(), Property.RECURRENCE_ID).orElseThrow());
            if (single.overlaps(from, to)) {
                out.add(single);
            }
        }
        out.sort(Comparator.comparing(Occurrence::start, Comparator.nullsFirst(Comparator.naturalOrder())));
        return out.size() > cap + 1 ? out.subList(0, cap + 1) : out;
    }

    private static void series(
            Component master,
            ZoneId zone,
            Instant from,
            Instant to,
            int cap,
            Set<Instant> overridden,
            List<Occurrence> out) {
        Optional<Temporal> dtstart = date(master, Property.DTSTART);
        if (dtstart.isEmpty()) {
            Optional<Temporal> due = date(master, Property.DUE);
            Occurrence o = due.map(d ->
                            new Occurrence(master, instant(d, zone), instant(d, zone), d instanceof LocalDate, null))
                    .orElse(new Occurrence(master, null, null, false, null));
            if (o.overlaps(from, to)) {
                out.add(o);
            }
            return;
        }
        Temporal seed = dtstart.get();
        TemporalAmount length = length(master, seed, zone);
        boolean recurring = recurring(master);
        List<Temporal> starts = new ArrayList<>();
        if (recurring) {
            Instant lo = from == null
                    ? instant(seed, zone)
                    : from.minus(maxLength(length)).minus(Duration.ofDays(1));
            Instant hi = to == null ? HORIZON : to.plus(Duration.ofDays(1));
            for (Property p : master.getProperties(Property.RRULE)) {
                Recur<Temporal> recur = ((RRule<Temporal>) p).getRecur();
                starts.addAll(recur.getDates(seed, bound(seed, lo, zone), bound(seed, hi, zone), cap + 2));
            }
            for (Property p : master.getProperties(Property.RDATE)) {
                if (p instanceof DateListProperty<?> rdate) {
                    starts.addAll(rdate.getDates());
                }
            }
            if (master.getProperties(Property.RRULE).isEmpty()) {
                starts.add(seed);
            }
        } else {
            starts.add(seed);
        }
        Set<Instant> excluded = new HashSet<>();
        for (Property p : master.getProperties(Property.EXDATE)) {
            if (p instanceof DateListProperty<?> exdate) {
                exdate.getDates().forEach(d -> excluded.add(instant((Temporal) d, zone)));
            }
        }
        Set<Instant> seen = new HashSet<>();
        for (Temporal s : starts) {
            Instant si = instant(s, zone);
            if (excluded.contains(si) || overridden.contains(si) || !seen.add(si)) {
                continue;
            }
            Occurrence o = new Occurrence(
                    master, si, instant(s.plus(length), zone), s instanceof LocalDate, recurring ? s : null);
            if (o.overlaps(from, to)) {
                out.add(o);
            }
        }
    }

    private static Occurrence single(Component c, ZoneId zone, Temporal recurrenceId) {
        Optional<Temporal> dtstart = date(c, Property.DTSTART);
        Temporal s = dtstart.orElse(recurrenceId);
        TemporalAmount length = length(c, s, zone);
        return new Occurrence(c, instant(s, zone), instant(s.plus(length), zone), s instanceof LocalDate, recurrenceId);
    }

    static boolean recurring(Component c) {
        return !c.getProperties(Property.RRULE).isEmpty()
                || !c.getProperties(Property.RDATE).isEmpty();
    }

    /**
     * How long each occurrence lasts: DTEND (or DUE) minus DTSTART, or DURATION; without either, a day for a date
     * and nothing for a date-time (RFC 5545 section 3.6.1).
     */
    static TemporalAmount length(Component c, Temporal start, ZoneId zone) {
        Optional<Temporal> end = date(c, Property.DTEND).or(() -> date(c, Property.DUE));
        if (end.isPresent()) {
            if (start instanceof LocalDate s && end.get() instanceof LocalDate e) {
                return Period.between(s, e).isNegative() ? Period.ZERO : Period.between(s, e);
            }
            Duration d = Duration.between(instant(start, zone), instant(end.get(), zone));
            return d.isNegative() ? Duration.ZERO : d;
        }
        Optional<Property> duration = c.getProperty(Property.DURATION);
        if (duration.isPresent()) {
            try {
                return ((net.fortuna.ical4j.model.property.Duration) duration.get()).getDuration();
            } catch (RuntimeException e) {
                return Duration.ZERO;
            }
        }
        return start instanceof LocalDate ? Period.ofDays(1) : Duration.ZERO;
    }

    private static Duration maxLength(TemporalAmount length) {
        if (length instanceof Period p) {
            return Duration.ofDays(p.toTotalMonths() * 31 + p.getDays());
        }
        return (Duration) length;
    }

    /** A range bound in the type of the series' start, as ical4j's recurrence rules want it. */
    private static Temporal bound(Temporal seed, Instant at, ZoneId zone) {
        if (seed instanceof LocalDate) {
            return LocalDate.ofInstant(at, zone);
        }
        if (seed instanceof LocalDateTime) {
            return LocalDateTime.ofInstant(at, zone);
        }
        if (seed instanceof ZonedDateTime z) {
            return at.atZone(z.getZone());
        }
        if (seed instanceof OffsetDateTime o) {
            return at.atOffset(o.getOffset());
        }
        return at;
    }

    static Optional<Temporal> date(Component c, String name) {
        Optional<Property> p = c.getProperty(name);
        if (p.isPresent() && p.get() instanceof DateProperty<?> d && d.getDate() != null) {
            return Optional.of((Temporal) d.getDate());
        }
        return Optional.empty();
    }

    /** Floating and all-day values are read in {@code zone}. */
    static Instant instant(Temporal t, ZoneId zone) {
        if (t instanceof Instant i) {
            return i;
        }
        if (t instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (t instanceof ZonedDateTime z) {
            return z.toInstant();
        }
        if (t instanceof LocalDateTime l) {
            return l.atZone(zone).toInstant();
        }
        if (t instanceof LocalDate d) {
            return d.atStartOfDay(zone).toInstant();
        }
        throw new IllegalArgumentException("not a date: " + t);
    }

    static boolean floating(Temporal t) {
        return t instanceof LocalDate || t instanceof LocalDateTime;
    }
}
