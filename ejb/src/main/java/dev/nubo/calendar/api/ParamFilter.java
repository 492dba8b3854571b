package dev.nubo.calendar.api;

/** A CALDAV:param-filter (RFC 4791 section 9.7.3); {@code textMatch} may be null. */
public record ParamFilter(String name, boolean isNotDefined, TextMatch textMatch) {}
