package dev.nubo.calendar.api;

import java.time.Instant;

/** One occurrence of an event or task, for the web app; {@code recurrenceId} is null for a single event. */
public record Instance(
        String uid,
        String recurrenceId,
        Instant start,
        Instant end,
        boolean allDay,
        String summary,
        String location,
        String description) {}
