package dev.nubo.dav.pim;

import dev.nubo.calendar.api.Busy;
import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.calendar.api.ParsedCalendar;
import dev.nubo.calendar.api.TimeRange;
import dev.nubo.collections.api.Changes;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.contacts.api.CardData;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.Multistatus.Value;
import dev.nubo.dav.pim.PimDav.Request;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.namespace.QName;

/**
 * REPORTs: calendar-query, calendar-multiget and free-busy-query (RFC 4791 section 7), addressbook-query and
 * addressbook-multiget (RFC 6352 section 8), sync-collection (RFC 6578). Answers stream: each match is written
 * before the next page of candidates is read. Queries pre-filter in SQL on the indexed columns (component type,
 * the series' span) and then decide on the parsed object.
 */
@ApplicationScoped
public class PimReports {
    private static final Logger LOG = Logger.getLogger(PimReports.class.getName());
    private static final Set<String> ALL_COMPONENTS = Set.of("VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY");
    /** Most changes one sync-collection answer reports without a DAV:limit; the rest come with the next token. */
    static final int SYNC_MAX = 10_000;

    private static final String NOT_FOUND = "HTTP/1.1 404 Not Found";
    private static final QName SUPPORTED_REPORT = new QName(PimXml.DAV, "supported-report");

    @Inject
    CollectionStore store;

    void report(Request r, DavCollection c) throws IOException {
        Report report = ReportXml.parse(r.req().getInputStream());
        if (c == null) {
            DavErrors.condition(r.res(), 403, SUPPORTED_REPORT, null, "this resource answers no REPORT");
            return;
        }
        boolean calendar = c.kind() == CollectionKind.CALENDAR;
        if (report instanceof SyncCollection s) {
            sync(r, c, s);
        } else if (calendar && report instanceof CalendarQuery q) {
            calendarQuery(r, c, q);
        } else if (calendar && report instanceof CalendarMultiget m) {
            multiget(r, c, m.hrefs(), m.props());
        } else if (calendar && report instanceof FreeBusyQuery f) {
            freeBusy(r, c, f.range());
        } else if (!calendar && report instanceof AddressbookQuery q) {
            addressbookQuery(r, c, q);
        } else if (!calendar && report instanceof AddressbookMultiget m) {
            multiget(r, c, m.hrefs(), m.props());
        } else {
            DavErrors.condition(r.res(), 403, SUPPORTED_REPORT, null, "this collection does not answer that REPORT");
        }
    }

    private Multistatus open(Request r) throws IOException {
        HttpServletResponse res = r.res();
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        OutputStream out = new ByteSink(res.getOutputStream(), 8 * 1024);
        return new Multistatus(out);
    }

    private void calendarQuery(Request r, DavCollection c, CalendarQuery q) throws IOException {
        ZoneId zone = zone(q.timezone() != null ? q.timezone() : c.timezone());
        CompFilter inner = q.filter().comps().size() == 1 ? q.filter().comps().get(0) : null;
        String component = inner != null && !inner.isNotDefined() ? inner.name() : null;
        TimeRange range = inner != null && !inner.isNotDefined() ? inner.timeRange() : null;
        try (Multistatus ms = open(r)) {
            long after = 0;
            while (true) {
                List<StoredObject> page = store.candidates(
                        c.id(),
                        component,
                        range == null ? null : range.start(),
                        range == null ? null : range.end(),
                        after,
                        CollectionStore.PAGE);
                for (StoredObject o : page) {
                    ParsedCalendar parsed = parseCalendar(o);
                    if (parsed != null && parsed.matches(q.filter(), zone)) {
                        respond(ms, r, c, o, q.props(), parsed, zone);
                    }
                }
                if (page.size() < CollectionStore.PAGE) {
                    return;
                }
                after = page.get(page.size() - 1).id();
                ms.flush();
            }
        }
    }

    private void addressbookQuery(Request r, DavCollection c, AddressbookQuery q) throws IOException {
        int limit = q.limit() == null ? Integer.MAX_VALUE : q.limit();
        int sent = 0;
        try (Multistatus ms = open(r)) {
            long after = 0;
            while (true) {
                List<StoredObject> page = store.candidates(c.id(), null, null, null, after, CollectionStore.PAGE);
                for (StoredObject o : page) {
                    if (matchesCard(o, q)) {
                        if (sent == limit) {
                            ms.statusResponse(
                                    r.hrefs().collection(c.kind(), c.slug()), "HTTP/1.1 507 Insufficient Storage");
                            return;
                        }
                        respond(ms, r, c, o, q.props(), null, ZoneOffset.UTC);
                        sent++;
                    }
                }
                if (page.size() < CollectionStore.PAGE) {
                    return;
                }
                after = page.get(page.size() - 1).id();
                ms.flush();
            }
        }
    }

    private static boolean matchesCard(StoredObject o, AddressbookQuery q) {
        try {
            return CardData.parse(o.data()).matches(q.filter());
        } catch (InvalidAddressData e) {
            LOG.log(Level.FINE, "stored vCard {0} no longer parses: {1}", new Object[] {o.name(), e.getMessage()});
            return false;
        }
    }

    private void multiget(Request r, DavCollection c, List<String> hrefs, PropRequest props) throws IOException {
        String base = r.hrefs().collection(c.kind(), c.slug());
        List<String> names = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        for (String href : hrefs) {
            String name = PimDav.memberName(base, href);
            if (name == null) {
                foreign.add(href);
            } else {
                names.add(name);
            }
        }
        ZoneId zone = zone(c.timezone());
        try (Multistatus ms = open(r)) {
            Set<String> found = new HashSet<>();
            for (int i = 0; i < names.size(); i += CollectionStore.PAGE) {
                List<String> chunk = names.subList(i, Math.min(names.size(), i + CollectionStore.PAGE));
                for (StoredObject o : store.withData(c.id(), chunk)) {
                    found.add(o.name());
                    respond(ms, r, c, o, props, null, zone);
                }
                ms.flush();
            }
            for (String name : names) {
                if (!found.contains(name)) {
                    ms.statusResponse(r.hrefs().object(c.kind(), c.slug(), name), NOT_FOUND);
                }
            }
            for (String href : foreign) {
                ms.statusResponse(href, NOT_FOUND);
            }
        }
    }

    private void sync(Request r, DavCollection c, SyncCollection s) throws IOException {
        long since = SyncTokens.since(c, s.syncToken());
        int limit = s.limit() == null ? SYNC_MAX : Math.min(s.limit(), SYNC_MAX);
        Changes changes = store.changes(c.id(), since, limit);
        boolean needData = s.props().names().contains(PimProps.CALENDAR_DATA)
                || s.props().names().contains(PimProps.ADDRESS_DATA);
        ZoneId zone = zone(c.timezone());
        try (Multistatus ms = open(r)) {
            List<String> names =
                    changes.changed().stream().map(Changes.Changed::name).toList();
            for (int i = 0; i < names.size(); i += CollectionStore.PAGE) {
                List<String> chunk = names.subList(i, Math.min(names.size(), i + CollectionStore.PAGE));
                List<StoredObject> objects = needData ? store.withData(c.id(), chunk) : metadata(c, chunk);
                for (StoredObject o : objects) {
                    respond(ms, r, c, o, s.props(), null, zone);
                }
                ms.flush();
            }
            if (since > 0) {
                for (String name : changes.removed()) {
                    ms.statusResponse(r.hrefs().object(c.kind(), c.slug(), name), NOT_FOUND);
                }
            }
            if (changes.truncated()) {
                ms.statusResponse(r.hrefs().collection(c.kind(), c.slug()), "HTTP/1.1 507 Insufficient Storage");
            }
            ms.syncToken(SyncTokens.format(c.id(), changes.syncSeq()));
        }
    }

    /** Members' metadata for names already known to exist; read with the bytes, which are dropped. */
    private List<StoredObject> metadata(DavCollection c, List<String> names) {
        return store.withData(c.id(), names).stream()
                .map(o -> new StoredObject(
                        o.id(),
                        o.name(),
                        o.uid(),
                        o.etag(),
                        o.contentType(),
                        o.size(),
                        o.modifiedAt(),
                        o.syncSeq(),
                        null))
                .toList();
    }

    private void freeBusy(Request r, DavCollection c, TimeRange range) throws IOException {
        ZoneId zone = zone(c.timezone());
        List<Busy> busy = new ArrayList<>();
        long after = 0;
        while (true) {
            List<StoredObject> page =
                    store.candidates(c.id(), null, range.start(), range.end(), after, CollectionStore.PAGE);
            for (StoredObject o : page) {
                ParsedCalendar parsed = parseCalendar(o);
                if (parsed != null) {
                    busy.addAll(parsed.busy(range.start(), range.end(), zone));
                }
            }
            if (page.size() < CollectionStore.PAGE) {
                break;
            }
            after = page.get(page.size() - 1).id();
        }
        byte[] body = CalendarData.freeBusy(busy, range.start(), range.end()).getBytes(StandardCharsets.UTF_8);
        r.res().setStatus(200);
        r.res().setContentType("text/calendar; charset=utf-8");
        r.res().setContentLength(body.length);
        r.res().getOutputStream().write(body);
    }

    private void respond(
            Multistatus ms,
            Request r,
            DavCollection c,
            StoredObject o,
            PropRequest props,
            ParsedCalendar parsed,
            ZoneId zone)
            throws IOException {
        Map<QName, Value> available = PimReads.objectProps(o, c.kind());
        if (props.expand() != null && o.data() != null && c.kind() == CollectionKind.CALENDAR) {
            ParsedCalendar p = parsed != null ? parsed : parseCalendar(o);
            if (p != null) {
                String expanded =
                        p.expand(props.expand().start(), props.expand().end(), zone);
                available.put(PimProps.CALENDAR_DATA, PimProps.text(expanded));
            }
        }
        PimReads.describe(ms, r.hrefs().object(c.kind(), c.slug(), o.name()), available, propfind(props));
    }

    private static DavXml.Propfind propfind(PropRequest p) {
        return new DavXml.Propfind(DavXml.Propfind.Kind.valueOf(p.kind().name()), p.names());
    }

    private static ParsedCalendar parseCalendar(StoredObject o) {
        try {
            return CalendarData.parse(o.data(), ALL_COMPONENTS);
        } catch (InvalidCalendarData e) {
            LOG.log(Level.FINE, "stored object {0} no longer parses: {1}", new Object[] {o.name(), e.getMessage()});
            return null;
        }
    }

    /** The zone floating times are read in: the TZID of a calendar-timezone, when Java knows it; else UTC. */
    static ZoneId zone(String vtimezone) {
        return CalendarData.floatingZone(vtimezone);
    }
}
