package dev.nubo.calendar.api;

/**
 * An event as the web app writes it. All-day events take dates ({@code 2030-06-01}) with an exclusive end (the day
 * after the last one, as in iCalendar); timed events take an ISO-8601 date-time with an offset
 * ({@code 2030-06-01T09:00:00Z}), or a local one ({@code 2030-06-01T09:00}) read in {@code timezone}. With a
 * {@code timezone} (an IANA name) the event is stored in that zone, so a weekly meeting keeps its wall-clock time
 * across daylight-saving changes; without one, in UTC. A missing end is one hour (timed) or one day (all-day) after
 * the start. {@code rrule} is an RFC 5545 recurrence rule such as {@code FREQ=WEEKLY;COUNT=10}.
 */
public record EventDraft(
        String summary,
        String start,
        String end,
        boolean allDay,
        String timezone,
        String location,
        String description,
        String rrule) {}
