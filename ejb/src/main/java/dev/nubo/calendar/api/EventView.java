package dev.nubo.calendar.api;

import java.time.Instant;

/**
 * An event's series as stored (its master component): {@code id} names it in the calendar, {@code etag} is the
 * object's, and {@code start}/{@code end} are the first occurrence's. For all-day events {@code startDate} and
 * {@code endDate} (exclusive) are the dates; {@code timezone} is the TZID of the start when it has one;
 * {@code overrides} counts the instances changed on their own (RECURRENCE-ID).
 */
public record EventView(
        long id,
        String uid,
        String etag,
        String summary,
        String location,
        String description,
        Instant start,
        Instant end,
        boolean allDay,
        String startDate,
        String endDate,
        String timezone,
        String rrule,
        int overrides) {}
