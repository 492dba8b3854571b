package dev.nubo.calendar.api;

import java.util.List;

/** A CALDAV:comp-filter (RFC 4791 section 9.7.1); the filter's top one names VCALENDAR. */
public record CompFilter(
        String name, boolean isNotDefined, TimeRange timeRange, List<PropFilter> props, List<CompFilter> comps) {
    public CompFilter {
        props = List.copyOf(props);
        comps = List.copyOf(comps);
    }
}
