package dev.nubo.dav.pim;

import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.TimeRange;
import dev.nubo.contacts.api.AddressFilter;
import java.util.List;
import javax.xml.namespace.QName;

/** The REPORT bodies this engine answers, as {@link ReportXml} reads them. */
sealed interface Report
        permits CalendarQuery, CalendarMultiget, FreeBusyQuery, SyncCollection, AddressbookQuery, AddressbookMultiget {}

/** What a report asks of each resource; {@code expand} is a CALDAV:calendar-data/CALDAV:expand range or null. */
record PropRequest(Kind kind, List<QName> names, TimeRange expand) {
    enum Kind {
        ALLPROP,
        PROPNAME,
        PROP
    }

    PropRequest {
        names = List.copyOf(names);
    }
}

record CalendarQuery(PropRequest props, CompFilter filter, String timezone) implements Report {}

record CalendarMultiget(PropRequest props, List<String> hrefs) implements Report {}

record FreeBusyQuery(TimeRange range) implements Report {}

record SyncCollection(String syncToken, Integer limit, PropRequest props) implements Report {}

record AddressbookQuery(PropRequest props, AddressFilter filter, Integer limit) implements Report {}

record AddressbookMultiget(PropRequest props, List<String> hrefs) implements Report {}
