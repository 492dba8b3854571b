package dev.nubo.calendar.api;

import dev.nubo.calendar.domain.FreeBusyWriter;
import dev.nubo.calendar.domain.ICalObject;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where calendar data is read and busy time written. */
public final class CalendarData {
    /** Most instances one object yields for a query or an expansion. */
    public static final int MAX_INSTANCES = 10_000;

    private static final Pattern TZID = Pattern.compile("(?m)^TZID[^:\\r\\n]*:([^\\r\\n]+)");

    private CalendarData() {}

    /** Parses and validates one calendar object resource for a calendar holding {@code allowedComponents}. */
    public static ParsedCalendar parse(byte[] data, Set<String> allowedComponents) {
        return ICalObject.parse(data, allowedComponents);
    }

    /**
     * The zone a calendar's floating times and dates are read in: the TZID of its calendar-timezone (a VTIMEZONE)
     * when Java knows it, else UTC.
     */
    public static ZoneId floatingZone(String calendarTimezone) {
        if (calendarTimezone != null) {
            Matcher m = TZID.matcher(calendarTimezone);
            if (m.find()) {
                try {
                    return ZoneId.of(m.group(1).strip());
                } catch (DateTimeException e) {
                    return ZoneOffset.UTC;
                }
            }
        }
        return ZoneOffset.UTC;
    }

    /**
     * A calendar-timezone value (RFC 4791 section 5.2.2: a VCALENDAR holding one VTIMEZONE) for an IANA zone name;
     * INVALID when the zone is unknown.
     */
    public static String calendarTimezone(String zoneName) {
        return dev.nubo.calendar.domain.EventBuilder.calendarTimezone(zoneName);
    }

    /** A VCALENDAR with one VFREEBUSY for [start, end): the busy periods merged per type. */
    public static String freeBusy(List<Busy> busy, Instant start, Instant end) {
        return FreeBusyWriter.write(busy, start, end);
    }
}
