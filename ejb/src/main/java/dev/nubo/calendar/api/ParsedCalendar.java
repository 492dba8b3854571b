package dev.nubo.calendar.api;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * A validated calendar object resource. Floating date-times and dates are read in {@code floatingZone}: the
 * calendar's calendar-timezone, or UTC.
 */
public interface ParsedCalendar {
    CalendarIndex index();

    /** RFC 4791 section 9.7; {@code filter} is the VCALENDAR comp-filter. */
    boolean matches(CompFilter filter, ZoneId floatingZone);

    /** RFC 4791 section 9.6.5: every instance overlapping [start, end) as its own component, in UTC. */
    String expand(Instant start, Instant end, ZoneId floatingZone);

    /** The instances overlapping [start, end), by start, at most {@value CalendarData#MAX_INSTANCES}. */
    List<Instance> instances(Instant start, Instant end, ZoneId floatingZone);

    /** Busy time within [start, end) (RFC 4791 section 7.10). */
    List<Busy> busy(Instant start, Instant end, ZoneId floatingZone);
}
