package dev.nubo.calendar.domain;

import dev.nubo.calendar.api.EventDraft;
import dev.nubo.calendar.api.EventView;
import dev.nubo.platform.api.NuboException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.data.ParserException;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.Recur;
import net.fortuna.ical4j.model.TimeZone;
import net.fortuna.ical4j.model.TimeZoneRegistry;
import net.fortuna.ical4j.model.TimeZoneRegistryFactory;
import net.fortuna.ical4j.model.component.CalendarComponent;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.component.VTimeZone;
import net.fortuna.ical4j.model.property.Created;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStamp;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.LastModified;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.RRule;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Summary;
import net.fortuna.ical4j.model.property.Uid;

/**
 * Writes the VEVENTs the REST API creates and edits with ical4j, and reads a stored event back as the API shows it.
 * Only the properties the API manages are touched on an edit; everything a CalDAV client put there stays.
 */
public final class EventBuilder {
    public static final String PRODID = "-//Nubo//Nubo Calendar 1.0//EN";
    static final int MAX_SUMMARY = 1_000;
    static final int MAX_TEXT = 100_000;
    static final int MAX_RRULE = 500;
    private static final List<String> MANAGED = List.of(
            Property.SUMMARY,
            Property.DTSTART,
            Property.DTEND,
            Property.DURATION,
            Property.LOCATION,
            Property.DESCRIPTION,
            Property.RRULE,
            Property.DTSTAMP,
            Property.LAST_MODIFIED,
            Property.SEQUENCE);

    private EventBuilder() {}

    /** The validated times of a draft: dates for all-day events, zoned or UTC date-times otherwise. */
    record Times(Temporal start, Temporal end, ZoneId zone, String rrule) {
        static Times of(EventDraft d) {
            text(d.summary(), "summary", MAX_SUMMARY, true);
            text(d.location(), "location", MAX_TEXT, false);
            text(d.description(), "description", MAX_TEXT, false);
            if (d.start() == null || d.start().isBlank()) {
                throw NuboException.invalid("start is required");
            }
            String rrule = parseRule(d.rrule());
            if (d.allDay()) {
                LocalDate start = date(d.start(), "start");
                LocalDate end = d.end() == null || d.end().isBlank() ? start.plusDays(1) : date(d.end(), "end");
                if (!end.isAfter(start)) {
                    throw NuboException.invalid("an all-day event ends (exclusively) after the day it starts");
                }
                return new Times(start, end, null, rrule);
            }
            ZoneId zone = parseZone(d.timezone());
            Temporal start = dateTime(d.start(), "start", zone);
            Temporal end = d.end() == null || d.end().isBlank()
                    ? start.plus(1, ChronoUnit.HOURS)
                    : dateTime(d.end(), "end", zone);
            if (Occurrences.instant(end, ZoneOffset.UTC).isBefore(Occurrences.instant(start, ZoneOffset.UTC))) {
                throw NuboException.invalid("the event ends before it starts");
            }
            return new Times(start, end, zone, rrule);
        }
    }

    /** A new event's calendar object. */
    public static byte[] create(EventDraft draft, String uid, Instant now) {
        Times t = Times.of(draft);
        VEvent event = new VEvent(false);
        event.add(new Uid(uid));
        event.add(new Created(now));
        apply(event, draft, t, now, 0);
        Calendar calendar = new Calendar().withProdId(PRODID).withDefaults().getFluentTarget();
        timezone(calendar, t.zone());
        calendar.add(event);
        return calendar.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A stored event with the draft's fields in place of its own. */
    public static byte[] update(byte[] stored, EventDraft draft, Instant now) {
        Times t = Times.of(draft);
        Calendar calendar = parse(stored);
        VEvent master = master(calendar);
        String oldStart =
                master.getProperty(Property.DTSTART).map(Property::toString).orElse("");
        String oldRule =
                master.getProperty(Property.RRULE).map(Property::getValue).orElse(null);
        int sequence = master.getProperty(Property.SEQUENCE)
                .map(p -> ((Sequence) p).getSequenceNo())
                .orElse(0);
        master.removeAll(MANAGED.toArray(String[]::new));
        apply(master, draft, t, now, sequence + 1);
        String newStart =
                master.getProperty(Property.DTSTART).map(Property::toString).orElse("");
        if (!newStart.equals(oldStart) || !Objects.equals(oldRule, t.rrule())) {
            master.removeAll(Property.EXDATE, Property.RDATE);
            for (CalendarComponent c :
                    new ArrayList<>(calendar.getComponentList().getAll())) {
                if (c != master && c.getProperty(Property.RECURRENCE_ID).isPresent()) {
                    calendar.remove(c);
                }
            }
        }
        if (t.zone() != null && !hasTimezone(calendar, t.zone().getId())) {
            timezone(calendar, t.zone());
        }
        return calendar.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** How the API shows a stored event; floating times and dates are read in {@code floating}. */
    public static EventView view(long id, String etag, byte[] stored, ZoneId floating) {
        Calendar calendar = parse(stored);
        VEvent master = master(calendar);
        Temporal start = Occurrences.date(master, Property.DTSTART)
                .orElseThrow(() -> NuboException.invalid("the event has no start"));
        Temporal endValue = start.plus(Occurrences.length(master, start, floating));
        boolean allDay = start instanceof LocalDate;
        String tzid = master.getProperty(Property.DTSTART)
                .flatMap(p ->
                        p.<net.fortuna.ical4j.model.Parameter>getParameter(net.fortuna.ical4j.model.Parameter.TZID))
                .map(x -> x.getValue())
                .orElse(null);
        int overrides = (int) calendar.getComponents(Component.VEVENT).stream()
                .filter(c -> ((Component) c).getProperty(Property.RECURRENCE_ID).isPresent())
                .count();
        return new EventView(
                id,
                ICalObject.text(master, Property.UID),
                etag,
                ICalObject.text(master, Property.SUMMARY),
                ICalObject.text(master, Property.LOCATION),
                ICalObject.text(master, Property.DESCRIPTION),
                Occurrences.instant(start, floating),
                Occurrences.instant(endValue, floating),
                allDay,
                allDay ? start.toString() : null,
                allDay ? endValue.toString() : null,
                tzid,
                ICalObject.text(master, Property.RRULE),
                overrides);
    }

    /** A VCALENDAR holding the VTIMEZONE of an IANA zone. */
    public static String calendarTimezone(String zoneName) {
        ZoneId zone = parseZone(zoneName);
        if (zone == null) {
            throw NuboException.invalid("timezone is required");
        }
        Calendar calendar = new Calendar().withProdId(PRODID).withDefaults().getFluentTarget();
        timezone(calendar, zone);
        return calendar.toString();
    }

    private static void apply(VEvent event, EventDraft d, Times t, Instant now, int sequence) {
        event.add(new DtStamp(now));
        event.add(new LastModified(now));
        event.add(new Sequence(sequence));
        event.add(new DtStart<>(t.start()));
        event.add(new DtEnd<>(t.end()));
        event.add(new Summary(d.summary().strip()));
        if (d.location() != null && !d.location().isBlank()) {
            event.add(new Location(d.location()));
        }
        if (d.description() != null && !d.description().isBlank()) {
            event.add(new Description(d.description()));
        }
        if (t.rrule() != null) {
            event.add(new RRule<>(t.rrule()));
        }
    }

    static Calendar parse(byte[] stored) {
        try {
            return new CalendarBuilder().build(new StringReader(new String(stored, StandardCharsets.UTF_8)));
        } catch (ParserException | IOException e) {
            throw new IllegalStateException("a stored calendar object does not parse", e);
        }
    }

    private static VEvent master(Calendar calendar) {
        List<VEvent> events = new ArrayList<>(calendar.getComponents(Component.VEVENT));
        return events.stream()
                .filter(e -> e.getProperty(Property.RECURRENCE_ID).isEmpty())
                .findFirst()
                .orElseThrow(() -> NuboException.notFound("no such event"));
    }

    private static boolean hasTimezone(Calendar calendar, String tzid) {
        return calendar.getComponents(Component.VTIMEZONE).stream()
                .anyMatch(c -> ((Component) c)
                        .getProperty(Property.TZID)
                        .map(Property::getValue)
                        .filter(tzid::equals)
                        .isPresent());
    }

    private static void timezone(Calendar calendar, ZoneId zone) {
        if (zone == null) {
            return;
        }
        TimeZone tz = registry().getTimeZone(zone.getId());
        if (tz != null) {
            VTimeZone vtz = tz.getVTimeZone();
            calendar.add(vtz);
        }
    }

    static TimeZoneRegistry registry() {
        return TimeZoneRegistryFactory.getInstance().createRegistry();
    }

    private static void text(String value, String field, int max, boolean required) {
        if (required && (value == null || value.isBlank())) {
            throw NuboException.invalid(field + " is required");
        }
        if (value != null && value.length() > max) {
            throw NuboException.invalid(field + " has at most " + max + " characters");
        }
    }

    private static String parseRule(String rule) {
        if (rule == null || rule.isBlank()) {
            return null;
        }
        String r = rule.strip().replaceFirst("(?i)^RRULE:", "");
        if (r.length() > MAX_RRULE) {
            throw NuboException.invalid("rrule has at most " + MAX_RRULE + " characters");
        }
        try {
            Recur<?> recur = new Recur<>(r);
            if (recur.getFrequency() == null) {
                throw NuboException.invalid("rrule needs FREQ");
            }
            return recur.toString();
        } catch (IllegalArgumentException | DateTimeException e) {
            throw NuboException.invalid("rrule is not an RFC 5545 recurrence rule: " + e.getMessage());
        }
    }

    private static ZoneId parseZone(String timezone) {
        if (timezone == null || timezone.isBlank()) {
            return null;
        }
        try {
            ZoneId z = ZoneId.of(timezone.strip());
            if (z instanceof ZoneOffset || registry().getTimeZone(z.getId()) == null) {
                throw NuboException.invalid("timezone is an IANA zone name such as Europe/Paris, not " + timezone);
            }
            return z;
        } catch (DateTimeException e) {
            throw NuboException.invalid("unknown timezone: " + timezone);
        }
    }

    private static LocalDate date(String value, String field) {
        try {
            return LocalDate.parse(value.strip());
        } catch (DateTimeException e) {
            throw NuboException.invalid(field + " of an all-day event is a date such as 2030-06-01");
        }
    }

    /** An offset date-time (converted to the zone, or UTC), or a local one read in the zone. */
    private static Temporal dateTime(String value, String field, ZoneId zone) {
        String v = value.strip();
        try {
            Instant at = OffsetDateTime.parse(v).toInstant().truncatedTo(ChronoUnit.SECONDS);
            return zone == null ? at : at.atZone(zone);
        } catch (DateTimeException notOffset) {
            try {
                LocalDateTime local = LocalDateTime.parse(v).truncatedTo(ChronoUnit.SECONDS);
                if (zone == null) {
                    throw NuboException.invalid(field + " without an offset needs a timezone");
                }
                return ZonedDateTime.of(local, zone);
            } catch (DateTimeException e) {
                throw NuboException.invalid(field + " is an ISO-8601 date-time such as 2030-06-01T09:00:00Z");
            }
        }
    }
}
