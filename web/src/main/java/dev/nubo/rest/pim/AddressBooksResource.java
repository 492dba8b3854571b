package dev.nubo.rest.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.Found;
import dev.nubo.contacts.api.Contacts;
import dev.nubo.files.api.ContentDisposition;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.ErrorBody;
import dev.nubo.rest.RequestAuth;
import dev.nubo.rest.StreamedBody;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
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
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The caller's address books, contacts and groups, for the web app: the same cards CardDAV clients see under
 * /dav/addressbooks/{user}/, written through the same validation.
 */
@Path("addressbooks")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "contacts")
@APIResponse(
        responseCode = "404",
        description = "No such address book or contact, or not the caller's",
        content = @Content(schema = @Schema(implementation = ErrorBody.class)))
public class AddressBooksResource {
    /** Largest .vcf file one import reads. */
    static final long MAX_IMPORT_BYTES = 16L << 20;

    @Inject
    CollectionStore store;

    @Inject
    Contacts contacts;

    @Context
    ContainerRequestContext context;

    @Context
    HttpServletRequest request;

    @GET
    @Operation(summary = "The caller's address books")
    public List<PimJson.AddressBook> list() {
        return store.list(caller(), CollectionKind.ADDRESSBOOK).stream()
                .map(PimJson.AddressBook::of)
                .toList();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Make an address book")
    @APIResponse(
            responseCode = "201",
            description = "Made",
            content = @Content(schema = @Schema(implementation = PimJson.AddressBook.class)))
    @APIResponse(
            responseCode = "409",
            description = "The caller has an address book with this id",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(PimJson.CollectionInput in) {
        DavCollection c = CollectionInputs.create(store, caller(), CollectionKind.ADDRESSBOOK, in);
        return Response.status(201).entity(PimJson.AddressBook.of(c)).build();
    }

    @PATCH
    @Path("{book}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename or describe an address book")
    public PimJson.AddressBook patch(@PathParam("book") String book, PimJson.CollectionInput in) {
        CollectionInputs.patch(store, book(book), in);
        return PimJson.AddressBook.of(book(book));
    }

    @DELETE
    @Path("{book}")
    @Operation(summary = "Delete an address book and every card in it")
    @APIResponse(responseCode = "204", description = "Deleted")
    public Response delete(@PathParam("book") String book) {
        store.delete(book(book).id());
        return Response.noContent().build();
    }

    @GET
    @Path("{book}/contacts")
    @Operation(
            summary = "Contacts and groups by display name: q searches names, nicknames, organizations and e-mail"
                    + " addresses; kind (individual, group) and category filter; pass next back as ?after=")
    public PimJson.ContactPage list(
            @PathParam("book") String book,
            @QueryParam("q") String q,
            @QueryParam("kind") String kind,
            @QueryParam("category") String category,
            @QueryParam("after") String after,
            @QueryParam("limit") @DefaultValue("200") int limit) {
        Contacts.Page page = contacts.list(caller(), book, q, kind, category, cursor(after), limit);
        return new PimJson.ContactPage(
                page.contacts().stream().map(PimJson.Contact::of).toList(),
                page.next().map(AddressBooksResource::cursor).orElse(null));
    }

    @POST
    @Path("{book}/contacts")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a contact or a group (kind: group)")
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = PimJson.Contact.class)))
    public Response createContact(@PathParam("book") String book, PimJson.ContactInput in) {
        PimJson.Contact c = PimJson.Contact.of(
                contacts.create(caller(), book, CalendarsResource.body(in).draft()));
        return Response.status(201).entity(c).header("ETag", c.etag()).build();
    }

    @GET
    @Path("{book}/contacts/{id}")
    @Operation(summary = "One contact or group")
    public PimJson.Contact contact(@PathParam("book") String book, @PathParam("id") long id) {
        return PimJson.Contact.of(contacts.get(caller(), book, id));
    }

    @PUT
    @Path("{book}/contacts/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Replace a contact's names, organization, e-mails, phones, note, birthday, categories and"
                    + " members (photos, addresses and other properties stay); If-Match: its etag")
    @APIResponse(
            responseCode = "412",
            description = "The card changed since the etag given",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public PimJson.Contact updateContact(
            @PathParam("book") String book,
            @PathParam("id") long id,
            @HeaderParam("If-Match") String ifMatch,
            PimJson.ContactInput in) {
        return PimJson.Contact.of(
                contacts.update(caller(), book, id, CalendarsResource.body(in).draft(), ifMatch));
    }

    @DELETE
    @Path("{book}/contacts/{id}")
    @Operation(summary = "Delete a contact or group; If-Match: its etag to refuse a concurrent change")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(
            responseCode = "412",
            description = "The card changed since the etag given",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response deleteContact(
            @PathParam("book") String book, @PathParam("id") long id, @HeaderParam("If-Match") String ifMatch) {
        contacts.delete(caller(), book, id, ifMatch);
        return Response.noContent().build();
    }

    @GET
    @Path("{book}/categories")
    @Operation(summary = "The CATEGORIES labels of the book's cards, with how many cards carry each")
    public List<PimJson.Category> categories(@PathParam("book") String book) {
        return contacts.categories(caller(), book).stream()
                .map(PimJson.Category::of)
                .toList();
    }

    @GET
    @Path("{book}/export")
    @Produces("text/vcard")
    @Operation(summary = "The whole address book as one .vcf file, streamed (each card as stored)")
    @APIResponse(
            responseCode = "200",
            description = "A vCard file",
            content = @Content(mediaType = "text/vcard", schema = @Schema(type = SchemaType.STRING)))
    public Response export(@PathParam("book") String book) {
        Contacts.Export export = contacts.export(caller(), book);
        StreamingOutput body = export::writeTo;
        return Response.ok(body, "text/vcard; charset=utf-8")
                .header("Content-Disposition", ContentDisposition.attachment(export.filename()))
                .build();
    }

    @POST
    @Path("{book}/import")
    @Consumes({"text/vcard", "text/x-vcard", MediaType.APPLICATION_OCTET_STREAM})
    @StreamedBody
    @Operation(
            summary = "Import a .vcf file (at most 16 MiB, 10,000 cards); a card whose UID the book holds replaces"
                    + " it; a card without a UID gets one")
    @APIResponse(
            responseCode = "413",
            description = "The file is over 16 MiB",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public PimJson.ImportReport importFile(@PathParam("book") String book) throws IOException {
        return PimJson.ImportReport.of(
                contacts.importCards(caller(), book, request.getInputStream(), MAX_IMPORT_BYTES));
    }

    private DavCollection book(String slug) {
        return store.find(caller(), CollectionKind.ADDRESSBOOK, slug)
                .orElseThrow(() -> NuboException.notFound("no such address book"));
    }

    /** The page cursor as an opaque URL-safe token: the sort key and id of the last card shown. */
    static String cursor(Found.Cursor c) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((c.id() + ":" + c.sortKey()).getBytes(StandardCharsets.UTF_8));
    }

    static Found.Cursor cursor(String token) {
        if (token == null || token.isEmpty()) {
            return null;
        }
        try {
            String s = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            int colon = s.indexOf(':');
            return new Found.Cursor(s.substring(colon + 1), Long.parseLong(s.substring(0, colon)));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw NuboException.invalid("after is a cursor this API gave as next");
        }
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
