package dev.nubo.rest.pim;

import dev.nubo.calendar.api.Events;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.files.api.ContentDisposition;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.ErrorBody;
import dev.nubo.rest.RequestAuth;
import dev.nubo.rest.StreamedBody;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The caller's calendars and their events, for the web app: the same calendars CalDAV clients see under
 * /dav/calendars/{user}/, written through the same validation.
 */
@Path("calendars")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "calendars")
@APIResponse(
        responseCode = "404",
        description = "No such calendar or event, or not the caller's",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
public class CalendarsResource {
    /** Largest .ics file one import reads. */
    static final long MAX_IMPORT_BYTES = 16L << 20;

    @Inject
    CollectionStore store;

    @Inject
    Events events;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest request;

    @GET
    @Operation(summary = "The caller's calendars")
    public List<PimJson.Calendar> list() {
        return store.list(caller(), CollectionKind.CALENDAR).stream()
                .map(PimJson.Calendar::of)
                .toList();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Make a calendar")
    @APIResponse(
            responseCode = "201",
            description = "Made",
            content = @Content(schema = @Schema(implementation = PimJson.Calendar.class)))
    @APIResponse(
            responseCode = "409",
            description = "The caller has a calendar with this id",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(PimJson.CollectionInput in) {
        DavCollection c = CollectionInputs.create(store, caller(), CollectionKind.CALENDAR, in);
        return Response.status(201).entity(PimJson.Calendar.of(c)).build();
    }

    @GET
    @Path("{calendar}")
    @Operation(summary = "One calendar")
    public PimJson.Calendar get(@PathParam("calendar") String calendar) {
        return PimJson.Calendar.of(calendar(calendar));
    }

    @PATCH
    @Path("{calendar}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename, recolour, describe or reorder a calendar, or set its timezone")
    public PimJson.Calendar patch(@PathParam("calendar") String calendar, PimJson.CollectionInput in) {
        CollectionInputs.patch(store, calendar(calendar), in);
        return PimJson.Calendar.of(calendar(calendar));
    }

    @DELETE
    @Path("{calendar}")
    @Operation(summary = "Delete a calendar and every event in it (CalDAV clients see it gone on their next sync)")
    @APIResponse(responseCode = "204", description = "Deleted")
    public Response delete(@PathParam("calendar") String calendar) {
        store.delete(calendar(calendar).id());
        return Response.noContent().build();
    }

    @GET
    @Path("{calendar}/events")
    @Operation(
            summary = "The occurrences overlapping [start, end) (ISO-8601 date-times with an offset; at most 366"
                    + " days), recurrences expanded")
    public PimJson.Occurrences window(
            @PathParam("calendar") String calendar, @QueryParam("start") String start, @QueryParam("end") String end) {
        Events.Window w = events.window(caller(), calendar, instant(start, "start"), instant(end, "end"));
        return new PimJson.Occurrences(
                w.events().stream().map(PimJson.Occurrence::of).toList(), w.truncated());
    }

    @POST
    @Path("{calendar}/events")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an event")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = PimJson.Event.class)))
    public Response createEvent(@PathParam("calendar") String calendar, PimJson.EventInput in) {
        PimJson.Event e = PimJson.Event.of(events.create(caller(), calendar, body(in).draft()));
        return Response.status(201).entity(e).header("ETag", e.etag()).build();
    }

    @GET
    @Path("{calendar}/events/{id}")
    @Operation(summary = "One event series")
    public PimJson.Event event(@PathParam("calendar") String calendar, @PathParam("id") long id) {
        return PimJson.Event.of(events.get(caller(), calendar, id));
    }

    @PUT
    @Path("{calendar}/events/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Replace an event's summary, times, place, description and rule (its alarms, attendees and"
                    + " other properties stay); If-Match: its etag to refuse a concurrent change")
    @APIResponse(
            responseCode = "412",
            description = "The event changed since the etag given",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public PimJson.Event updateEvent(
            @PathParam("calendar") String calendar,
            @PathParam("id") long id,
            @HeaderParam("If-Match") String ifMatch,
            PimJson.EventInput in) {
        return PimJson.Event.of(events.update(caller(), calendar, id, body(in).draft(), ifMatch));
    }

    @DELETE
    @Path("{calendar}/events/{id}")
    @Operation(summary = "Delete an event series; If-Match: its etag to refuse a concurrent change")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(
            responseCode = "412",
            description = "The event changed since the etag given",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response deleteEvent(
            @PathParam("calendar") String calendar, @PathParam("id") long id, @HeaderParam("If-Match") String ifMatch) {
        events.delete(caller(), calendar, id, ifMatch);
        return Response.noContent().build();
    }

    @GET
    @Path("{calendar}/export")
    @Produces("text/calendar")
    @Operation(summary = "The whole calendar as one .ics file, streamed")
    @APIResponse(
            responseCode = "200",
            description = "An iCalendar file",
            content = @Content(mediaType = "text/calendar", schema = @Schema(type = SchemaType.STRING)))
    public Response export(@PathParam("calendar") String calendar) {
        Events.Export export = events.export(caller(), calendar);
        StreamingOutput body = export::writeTo;
        return Response.ok(body, "text/calendar; charset=utf-8")
                .header("Content-Disposition", ContentDisposition.attachment(export.filename()))
                .build();
    }

    @POST
    @Path("{calendar}/import")
    @Consumes({"text/calendar", MediaType.APPLICATION_OCTET_STREAM})
    @StreamedBody
    @Operation(
            summary = "Import an .ics file (at most 16 MiB, 10,000 objects): one object per UID; an object whose"
                    + " UID the calendar holds replaces it")
    @APIResponse(
            responseCode = "413",
            description = "The file is over 16 MiB",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public PimJson.ImportReport importFile(@PathParam("calendar") String calendar) throws IOException {
        return PimJson.ImportReport.of(
                events.importCalendar(caller(), calendar, request.getInputStream(), MAX_IMPORT_BYTES));
    }

    private DavCollection calendar(String slug) {
        return store.find(caller(), CollectionKind.CALENDAR, slug)
                .orElseThrow(() -> NuboException.notFound("no such calendar"));
    }

    static <T> T body(T in) {
        if (in == null) {
            throw NuboException.invalid("a body is required");
        }
        return in;
    }

    private static Instant instant(String value, String name) {
        if (value == null || value.isBlank()) {
            throw NuboException.invalid(name + " is required");
        }
        try {
            // a '+' of an offset arrives as a space when the client did not percent-encode it
            return OffsetDateTime.parse(value.strip().replace(' ', '+')).toInstant();
        } catch (DateTimeException e) {
            throw NuboException.invalid(
                    name + " is an ISO-8601 date-time with an offset, such as 2030-06-01T00:00:00Z");
        }
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
