package dev.nubo.calendar.service;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.EventDraft;
import dev.nubo.calendar.api.EventInstance;
import dev.nubo.calendar.api.EventView;
import dev.nubo.calendar.api.Events;
import dev.nubo.calendar.api.Instance;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.calendar.api.ParsedCalendar;
import dev.nubo.calendar.domain.CalendarTransfer;
import dev.nubo.calendar.domain.EventBuilder;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.ImportResult;
import dev.nubo.collections.api.Imports;
import dev.nubo.collections.api.MemberWriter;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.collections.api.UidConflictException;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

@ApplicationScoped
public class CalendarEvents implements Events {
    private static final Logger LOG = Logger.getLogger(CalendarEvents.class.getName());

    @Inject
    CollectionStore store;

    @Inject
    MemberWriter writer;

    @Override
    public Window window(UUID owner, String calendar, Instant start, Instant end) {
        if (start == null || end == null) {
            throw NuboException.invalid("start and end are required");
        }
        if (!end.isAfter(start)) {
            throw NuboException.invalid("end must be after start");
        }
        if (Duration.between(start, end).compareTo(MAX_WINDOW) > 0) {
            throw NuboException.invalid("one listing spans at most " + MAX_WINDOW.toDays() + " days");
        }
        DavCollection c = calendar(owner, calendar);
        ZoneId zone = CalendarData.floatingZone(c.timezone());
        List<EventInstance> out = new ArrayList<>();
        long after = 0;
        boolean truncated = false;
        while (!truncated) {
            List<StoredObject> page = store.candidates(c.id(), "VEVENT", start, end, after, CollectionStore.PAGE);
            for (StoredObject o : page) {
                Optional<ParsedCalendar> parsed = parse(c, o);
                if (parsed.isEmpty()) {
                    continue;
                }
                boolean recurring = parsed.get().index().recurring();
                for (Instance i : parsed.get().instances(start, end, zone)) {
                    if (out.size() == CalendarData.MAX_INSTANCES) {
                        truncated = true;
                        break;
                    }
                    out.add(new EventInstance(
                            o.id(),
                            i.uid(),
                            o.etag(),
                            i.recurrenceId(),
                            i.start(),
                            i.end(),
                            i.allDay(),
                            i.summary(),
                            i.location(),
                            i.description(),
                            recurring || i.recurrenceId() != null));
                }
            }
            if (page.size() < CollectionStore.PAGE) {
                break;
            }
            after = page.get(page.size() - 1).id();
        }
        out.sort(Comparator.comparing(EventInstance::start).thenComparing(EventInstance::id));
        return new Window(out, truncated);
    }

    @Override
    public EventView get(UUID owner, String calendar, long id) {
        DavCollection c = calendar(owner, calendar);
        StoredObject o = object(c, id);
        return EventBuilder.view(o.id(), o.etag(), o.data(), CalendarData.floatingZone(c.timezone()));
    }

    @Override
    public EventView create(UUID owner, String calendar, EventDraft draft) {
        DavCollection c = calendar(owner, calendar);
        String uid = UUID.randomUUID().toString();
        String name = uid + ".ics";
        write(c, name, EventBuilder.create(draft, uid, Instant.now()), Optional::isEmpty);
        StoredObject o = store.member(c.id(), name).orElseThrow(() -> NuboException.notFound("no such event"));
        return EventBuilder.view(o.id(), o.etag(), o.data(), CalendarData.floatingZone(c.timezone()));
    }

    @Override
    public EventView update(UUID owner, String calendar, long id, EventDraft draft, String ifMatch) {
        DavCollection c = calendar(owner, calendar);
        StoredObject o = object(c, id);
        if (ifMatch != null && !ifMatch.equals(o.etag())) {
            throw stale(o.etag());
        }
        byte[] data = EventBuilder.update(o.data(), draft, Instant.now());
        // conditional on the etag read above, so a CalDAV client's write in between is never overwritten unseen
        write(c, o.name(), data, current -> current.filter(o.etag()::equals).isPresent());
        return get(owner, calendar, id);
    }

    @Override
    public void delete(UUID owner, String calendar, long id, String ifMatch) {
        DavCollection c = calendar(owner, calendar);
        StoredObject o = object(c, id);
        store.remove(
                c.id(),
                o.name(),
                current -> ifMatch == null || current.filter(ifMatch::equals).isPresent());
    }

    @Override
    public Export export(UUID owner, String calendar) {
        DavCollection c = calendar(owner, calendar);
        return new Export() {
            @Override
            public String filename() {
                return c.slug() + ".ics";
            }

            @Override
            public void writeTo(java.io.OutputStream out) throws IOException {
                BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
                CalendarTransfer.ExportWriter export = new CalendarTransfer.ExportWriter(w, c.displayname());
                long after = 0;
                while (true) {
                    List<StoredObject> page = store.candidates(c.id(), null, null, null, after, CollectionStore.PAGE);
                    for (StoredObject o : page) {
                        try {
                            export.add(o.data());
                        } catch (IllegalStateException e) {
                            LOG.log(
                                    Level.WARNING,
                                    "stored object {0} left out of an export: it does not parse",
                                    o.name());
                        }
                    }
                    if (page.size() < CollectionStore.PAGE) {
                        break;
                    }
                    after = page.get(page.size() - 1).id();
                }
                export.close();
            }
        };
    }

    @Override
    public ImportResult importCalendar(UUID owner, String calendar, InputStream in, long maxBytes) throws IOException {
        DavCollection c = calendar(owner, calendar);
        String text = new String(Imports.read(in, maxBytes), StandardCharsets.UTF_8);
        List<Imports.Piece> pieces;
        try {
            pieces = CalendarTransfer.split(text);
        } catch (InvalidCalendarData e) {
            throw new NuboException(ErrorKind.INVALID, "invalid_calendar_data", e.getMessage());
        }
        return Imports.storeAll(
                store,
                c,
                pieces,
                ".ics",
                Imports.Piece::uid,
                (name, data, condition) -> write(c, name, data, condition));
    }

    private DavCollection calendar(UUID owner, String slug) {
        return store.find(owner, CollectionKind.CALENDAR, slug)
                .orElseThrow(() -> NuboException.notFound("no such calendar"));
    }

    private StoredObject object(DavCollection c, long id) {
        return store.object(c.id(), id).orElseThrow(() -> NuboException.notFound("no such event"));
    }

    private void write(DavCollection c, String name, byte[] data, Predicate<Optional<String>> condition) {
        try {
            writer.put(c, name, data, condition);
        } catch (InvalidCalendarData e) {
            throw new NuboException(ErrorKind.INVALID, "invalid_calendar_data", e.getMessage());
        } catch (UidConflictException e) {
            throw NuboException.conflict("uid_conflict", "another event of this calendar has the same UID");
        }
    }

    private static Optional<ParsedCalendar> parse(DavCollection c, StoredObject o) {
        try {
            return Optional.of(CalendarData.parse(o.data(), Set.copyOf(c.components())));
        } catch (InvalidCalendarData e) {
            LOG.log(Level.FINE, "stored object {0} no longer parses: {1}", new Object[] {o.name(), e.getMessage()});
            return Optional.empty();
        }
    }

    private static NuboException stale(String etag) {
        return new NuboException(ErrorKind.PRECONDITION_FAILED, "precondition_failed", "the event's etag is " + etag);
    }
}
