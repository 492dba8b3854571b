package dev.nubo.rest.pim;

import dev.nubo.calendar.api.CalendarData;
import dev.nubo.calendar.api.EventDraft;
import dev.nubo.calendar.api.EventInstance;
import dev.nubo.calendar.api.EventView;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.ImportResult;
import dev.nubo.collections.api.TagCount;
import dev.nubo.contacts.api.ContactDraft;
import dev.nubo.contacts.api.ContactView;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the calendars and contacts API. */
public final class PimJson {
    private PimJson() {}

    @Schema(
            name = "Calendar",
            description = "A calendar. id is its name in URLs (also the last segment of its CalDAV address);"
                    + " timezone is the IANA zone floating times are read in (absent: UTC); components are what it"
                    + " holds (VEVENT, VTODO, VJOURNAL); ctag changes with every change to its events.",
            requiredProperties = {"id", "components", "ctag", "createdAt"})
    public record Calendar(
            String id,
            String name,
            String description,
            String color,
            String timezone,
            Integer order,
            List<String> components,
            String ctag,
            Instant createdAt) {
        static Calendar of(DavCollection c) {
            String zone = c.timezone() == null
                    ? null
                    : CalendarData.floatingZone(c.timezone()).getId();
            return new Calendar(
                    c.slug(),
                    c.displayname(),
                    c.description(),
                    c.color(),
                    ZoneOffset.UTC.getId().equals(zone) ? null : zone,
                    c.order(),
                    c.components(),
                    c.id() + "-" + c.syncSeq(),
                    c.createdAt());
        }
    }

    @Schema(
            name = "AddressBook",
            description = "An address book; id is its name in URLs; ctag changes with every change to its cards.",
            requiredProperties = {"id", "ctag", "createdAt"})
    public record AddressBook(String id, String name, String description, String ctag, Instant createdAt) {
        static AddressBook of(DavCollection c) {
            return new AddressBook(
                    c.slug(), c.displayname(), c.description(), c.id() + "-" + c.syncSeq(), c.createdAt());
        }
    }

    @Schema(
            name = "CollectionInput",
            description = "A calendar or address book to make or change. id (letters, digits, '.', '_', '-'; made"
                    + " from the name when absent) is fixed at creation; color is #RRGGBB or #RRGGBBAA; timezone an"
                    + " IANA zone name; components (calendars only, at creation) a subset of VEVENT, VTODO, VJOURNAL"
                    + " (default VEVENT and VTODO). On a change, absent fields stay and an empty string clears one.")
    public record CollectionInput(
            String id,
            String name,
            String description,
            String color,
            String timezone,
            Integer order,
            List<String> components) {}

    @Schema(
            name = "EventInput",
            description = "An event to create or replace. All-day: start and end are dates (2030-06-01), end"
                    + " exclusive. Timed: ISO-8601 date-times with an offset (2030-06-01T09:00:00Z), or local ones"
                    + " (2030-06-01T09:00) read in timezone; with a timezone (IANA) the event keeps its wall-clock"
                    + " time across DST changes. A missing end is one hour (timed) or one day (all-day) later."
                    + " rrule is an RFC 5545 rule such as FREQ=WEEKLY;COUNT=10.",
            requiredProperties = {"summary", "start"})
    public record EventInput(
            String summary,
            String start,
            String end,
            boolean allDay,
            String timezone,
            String location,
            String description,
            String rrule) {
        EventDraft draft() {
            return new EventDraft(summary, start, end, allDay, timezone, location, description, rrule);
        }
    }

    @Schema(
            name = "Event",
            description = "An event series as stored: id names it within its calendar, etag is its version (send it"
                    + " as If-Match to update or delete only that version); start and end are the first occurrence's;"
                    + " for all-day events startDate and endDate (exclusive) are the dates; overrides counts the"
                    + " occurrences changed on their own.",
            requiredProperties = {"uid", "etag", "start", "end"})
    public record Event(
            long id,
            String uid,
            String etag,
            String summary,
            String location,
            String description,
            Instant start,
            Instant end,
            boolean allDay,
            String startDate,
            String endDate,
            String timezone,
            String rrule,
            int overrides) {
        static Event of(EventView v) {
            return new Event(
                    v.id(),
                    v.uid(),
                    v.etag(),
                    v.summary(),
                    v.location(),
                    v.description(),
                    v.start(),
                    v.end(),
                    v.allDay(),
                    v.startDate(),
                    v.endDate(),
                    v.timezone(),
                    v.rrule(),
                    v.overrides());
        }
    }

    @Schema(
            name = "Occurrence",
            description = "One occurrence within the asked window, recurrences expanded: id and etag are the"
                    + " series' (edit or delete it through /events/{id}); recurrenceId names the occurrence in a"
                    + " recurring series.",
            requiredProperties = {"uid", "etag", "start", "end"})
    public record Occurrence(
            long id,
            String uid,
            String etag,
            String recurrenceId,
            Instant start,
            Instant end,
            boolean allDay,
            String summary,
            String location,
            String description,
            boolean recurring) {
        static Occurrence of(EventInstance i) {
            return new Occurrence(
                    i.id(),
                    i.uid(),
                    i.etag(),
                    i.recurrenceId(),
                    i.start(),
                    i.end(),
                    i.allDay(),
                    i.summary(),
                    i.location(),
                    i.description(),
                    i.recurring());
        }
    }

    @Schema(
            name = "Occurrences",
            description = "The occurrences in [start, end) by start; truncated when there were more than 10,000.",
            requiredProperties = {"events"})
    public record Occurrences(List<Occurrence> events, boolean truncated) {}

    @Schema(
            name = "Labeled",
            description = "An e-mail address or phone number with its type (work, home, cell...)",
            requiredProperties = {"value"})
    public record Labeled(String type, String value) {
        static List<Labeled> of(List<dev.nubo.contacts.api.Labeled> l) {
            return l.stream().map(x -> new Labeled(x.type(), x.value())).toList();
        }

        static List<dev.nubo.contacts.api.Labeled> back(List<Labeled> l) {
            return l == null
                    ? null
                    : l.stream()
                            .map(x -> x == null
                                    ? new dev.nubo.contacts.api.Labeled(null, null)
                                    : new dev.nubo.contacts.api.Labeled(x.type(), x.value()))
                            .toList();
        }
    }

    @Schema(
            name = "ContactInput",
            description = "A contact or group to create or replace. kind is individual (default) or group;"
                    + " fullName defaults to the given and family names, the organization or the first e-mail"
                    + " address (a group needs one); members are the UIDs of a group's contacts; birthday a date"
                    + " such as 1990-04-01; categories free labels. Properties this shape does not name (photos,"
                    + " addresses...) are kept on replace.")
    public record ContactInput(
            String kind,
            String fullName,
            String givenName,
            String familyName,
            String organization,
            List<Labeled> emails,
            List<Labeled> phones,
            String note,
            String birthday,
            List<String> categories,
            List<String> members) {
        ContactDraft draft() {
            return new ContactDraft(
                    kind,
                    fullName,
                    givenName,
                    familyName,
                    organization,
                    Labeled.back(emails),
                    Labeled.back(phones),
                    note,
                    birthday,
                    categories,
                    members);
        }
    }

    @Schema(
            name = "Contact",
            description = "A card: id names it within its address book, etag is its version (If-Match), version"
                    + " the vCard version it is kept in, members a group's member UIDs.",
            requiredProperties = {"uid", "etag", "version", "kind", "emails", "phones", "categories", "members"})
    public record Contact(
            long id,
            String uid,
            String etag,
            String version,
            String kind,
            String fullName,
            String givenName,
            String familyName,
            String organization,
            List<Labeled> emails,
            List<Labeled> phones,
            String note,
            String birthday,
            List<String> categories,
            List<String> members) {
        static Contact of(ContactView v) {
            return new Contact(
                    v.id(),
                    v.uid(),
                    v.etag(),
                    v.version(),
                    v.kind(),
                    v.fullName(),
                    v.givenName(),
                    v.familyName(),
                    v.organization(),
                    Labeled.of(v.emails()),
                    Labeled.of(v.phones()),
                    v.note(),
                    v.birthday(),
                    v.categories(),
                    v.members());
        }
    }

    @Schema(
            name = "ContactPage",
            description =
                    "Cards by display name; pass next back as ?after= for the following page (absent at the" + " end).",
            requiredProperties = {"contacts"})
    public record ContactPage(List<Contact> contacts, String next) {}

    @Schema(
            name = "Category",
            description = "A CATEGORIES label and how many cards carry it",
            requiredProperties = {"name"})
    public record Category(String name, long count) {
        static Category of(TagCount t) {
            return new Category(t.name(), t.count());
        }
    }

    @Schema(name = "ImportFailure", description = "One object an import refused, and why (nothing of it is stored)")
    public record ImportFailure(String uid, String error, String message) {}

    @Schema(
            name = "ImportReport",
            description = "What an import stored: objects created, objects that replaced the one with their UID,"
                    + " and the refused ones; each object is stored on its own, the refused ones not at all.",
            requiredProperties = {"failed"})
    public record ImportReport(int created, int updated, List<ImportFailure> failed) {
        static ImportReport of(ImportResult r) {
            return new ImportReport(
                    r.created(),
                    r.updated(),
                    r.failed().stream()
                            .map(f -> new ImportFailure(f.uid(), f.error(), f.message()))
                            .toList());
        }
    }
}
