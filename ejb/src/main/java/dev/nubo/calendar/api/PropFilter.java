package dev.nubo.calendar.api;

import java.util.List;

/** A CALDAV:prop-filter (RFC 4791 section 9.7.2); {@code timeRange} and {@code textMatch} may be null. */
public record PropFilter(
        String name, boolean isNotDefined, TimeRange timeRange, TextMatch textMatch, List<ParamFilter> params) {
    public PropFilter {
        params = List.copyOf(params);
    }
}
