package dev.nubo.calendar.api;

import java.time.Instant;

/**
 * One occurrence in a window, for a calendar view: {@code id} and {@code etag} are the event's (the series'), so an
 * edit or delete goes to the series; {@code recurrenceId} names the occurrence within a recurring one.
 */
public record EventInstance(
        long id,
        String uid,
        String etag,
        String recurrenceId,
        Instant start,
        Instant end,
        boolean allDay,
        String summary,
        String location,
        String description,
        boolean recurring) {}
