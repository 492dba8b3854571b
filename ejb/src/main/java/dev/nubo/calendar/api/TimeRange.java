package dev.nubo.calendar.api;

import java.time.Instant;

/** A CALDAV:time-range; either end may be open (null). */
public record TimeRange(Instant start, Instant end) {}
