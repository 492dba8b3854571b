package dev.nubo.calendar.api;

import dev.nubo.collections.api.ImportResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Events of a user's calendars for the REST API: the same objects CalDAV clients see, written through the same
 * validation. Every method names the calendar by the owner's id and its slug; anything else answers NOT_FOUND.
 * {@code ifMatch} (null: unconditional) is an etag the object must still have, else PRECONDITION_FAILED.
 */
public interface Events {
    /** Longest window one listing expands. */
    java.time.Duration MAX_WINDOW = java.time.Duration.ofDays(366);

    /** Every occurrence overlapping [start, end), by start; at most {@link CalendarData#MAX_INSTANCES}. */
    Window window(UUID owner, String calendar, Instant start, Instant end);

    EventView get(UUID owner, String calendar, long id);

    EventView create(UUID owner, String calendar, EventDraft draft);

    /**
     * Replaces the series' summary, times, place, description and rule; alarms, attendees and other properties stay,
     * and so do instances changed on their own unless the start or the rule changed (they would name occurrences
     * that no longer exist).
     */
    EventView update(UUID owner, String calendar, long id, EventDraft draft, String ifMatch);

    void delete(UUID owner, String calendar, long id, String ifMatch);

    /** Opens an export (NOT_FOUND now, before any byte is written, when the calendar is not the owner's). */
    Export export(UUID owner, String calendar);

    /** Reads one iCalendar stream (at most {@code maxBytes}) and stores each UID's components as one object. */
    ImportResult importCalendar(UUID owner, String calendar, InputStream in, long maxBytes) throws IOException;

    /** The occurrences of a window, and whether the cap cut it short. */
    record Window(List<EventInstance> events, boolean truncated) {
        public Window {
            events = List.copyOf(events);
        }
    }

    /** A calendar's objects as one VCALENDAR, written a page at a time. */
    interface Export {
        String filename();

        void writeTo(OutputStream out) throws IOException;
    }
}
