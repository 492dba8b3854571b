package dev.nubo.calendar.api;

import java.time.Instant;

/**
 * What the database keeps to find an object: {@code firstStart} null means no dates (always a time-range
 * candidate), {@code lastEnd} null means the series has no end known. Both are conservative (floating and all-day
 * times widened by the largest offset), so a pre-filter on them never misses a match.
 */
public record CalendarIndex(
        String uid, String componentType, Instant firstStart, Instant lastEnd, String summary, boolean recurring) {}
