package dev.nubo.calendar.api;

import dev.nubo.calendar.domain.FreeBusyWriter;
import dev.nubo.calendar.domain.ICalObject;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Where calendar data is read and busy time written. */
public final class CalendarData {
    /** Most instances one object yields for a query or an expansion. */
    public static final int MAX_INSTANCES = 10_000;

    private CalendarData() {}

    /** Parses and validates one calendar object resource for a calendar holding {@code allowedComponents}. */
    public static ParsedCalendar parse(byte[] data, Set<String> allowedComponents) {
        return ICalObject.parse(data, allowedComponents);
    }

    /** A VCALENDAR with one VFREEBUSY for [start, end): the busy periods merged per type. */
    public static String freeBusy(List<Busy> busy, Instant start, Instant end) {
        return FreeBusyWriter.write(busy, start, end);
    }
}
