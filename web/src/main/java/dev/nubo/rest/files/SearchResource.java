package dev.nubo.rest.files;

import dev.nubo.media.api.MediaFacts;
import dev.nubo.media.api.MimeCategory;
import dev.nubo.platform.api.NuboException;
import dev.nubo.rest.RequestAuth;
import dev.nubo.search.api.Search;
import dev.nubo.search.api.SearchSort;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Search over the caller's files and folders, and type-ahead suggestions of names. */
@Path("search")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "search")
public class SearchResource {
    @Inject
    Search search;

    @Inject
    dev.nubo.drives.api.Drives drives;

    @Inject
    MediaFacts media;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(
            summary =
                    "Files and folders whose name (partial words, any case or accents) or text matches q, filtered"
                            + " by type (file|folder), category (repeatable: image, audio, video, pdf, text, document,"
                            + " spreadsheet, presentation, archive, other), size range, modification range (ISO-8601 instant"
                            + " or date) and folder (within ?drive= for a shared drive's files); sorted by relevance, name, size or modified; offset/limit pages")
    @APIResponse(responseCode = "200", description = "One page of results with the total")
    @APIResponse(responseCode = "400", description = "A bad filter, sort, offset or limit")
    public FilesJson.SearchPage search(
            @QueryParam("q") @DefaultValue("") String q,
            @QueryParam("type") String type,
            @QueryParam("category") List<String> categories,
            @QueryParam("minSize") Long minSize,
            @QueryParam("maxSize") Long maxSize,
            @QueryParam("modifiedAfter") String modifiedAfter,
            @QueryParam("modifiedBefore") String modifiedBefore,
            @QueryParam("folder") Long folder,
            @QueryParam("sort") @DefaultValue("relevance") String sort,
            @QueryParam("order") String order,
            @QueryParam("offset") @DefaultValue("0") int offset,
            @QueryParam("limit") @DefaultValue("50") int limit,
            @QueryParam("drive") String drive) {
        SearchSort by = sort(sort);
        boolean descending = order == null
                ? by == SearchSort.RELEVANCE || by == SearchSort.MODIFIED || by == SearchSort.SIZE
                : direction(order);
        // ?drive= searches a drive the caller is a member of (any role), and only it
        Search.Page page = search.search(
                DriveScope.owner(drives, caller(), drive, dev.nubo.share.api.ShareRole.VIEWER),
                new Search.Request(
                        q,
                        type(type),
                        categories(categories),
                        minSize,
                        maxSize,
                        instant("modifiedAfter", modifiedAfter, false),
                        instant("modifiedBefore", modifiedBefore, true),
                        folder,
                        by,
                        descending,
                        offset,
                        limit));
        return new FilesJson.SearchPage(page.total(), offset, limit, hits(page.hits()));
    }

    @GET
    @Path("suggest")
    @Operation(summary = "Names as the caller types them, word-prefix matches first (limit 1 to 20)")
    @APIResponse(responseCode = "200", description = "The suggestions")
    @APIResponse(responseCode = "400", description = "q empty or too long, or a bad limit")
    public FilesJson.Suggestions suggest(
            @QueryParam("q") @DefaultValue("") String q, @QueryParam("limit") @DefaultValue("8") int limit) {
        return new FilesJson.Suggestions(hits(search.suggest(caller(), q, limit)));
    }

    private List<FilesJson.SearchHit> hits(List<Search.Hit> hits) {
        List<FilesJson.Node> nodes =
                FilesJson.Node.of(hits.stream().map(Search.Hit::node).toList(), media);
        List<FilesJson.SearchHit> out = new java.util.ArrayList<>(hits.size());
        for (int i = 0; i < hits.size(); i++) {
            out.add(new FilesJson.SearchHit(
                    nodes.get(i), hits.get(i).path(), hits.get(i).score()));
        }
        return out;
    }

    static SearchSort sort(String sort) {
        try {
            return SearchSort.valueOf(sort.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw NuboException.invalid("sort must be relevance, name, size or modified");
        }
    }

    static boolean direction(String order) {
        return switch (order) {
            case "asc" -> false;
            case "desc" -> true;
            default -> throw NuboException.invalid("order must be asc or desc");
        };
    }

    static Boolean type(String type) {
        if (type == null || type.isBlank()) {
            return null;
        }
        return switch (type) {
            case "folder" -> Boolean.TRUE;
            case "file" -> Boolean.FALSE;
            default -> throw NuboException.invalid("type must be file or folder");
        };
    }

    static Set<String> categories(List<String> asked) {
        Set<String> categories = new HashSet<>();
        for (String a : asked == null ? List.<String>of() : asked) {
            for (String c : a.split(",")) {
                String name = c.strip().toLowerCase(Locale.ROOT);
                if (name.isEmpty()) {
                    continue;
                }
                if (!MimeCategory.all().contains(name)) {
                    throw NuboException.invalid("unknown category '" + name + "'; known: " + MimeCategory.all());
                }
                categories.add(name);
            }
        }
        return categories;
    }

    /** An ISO-8601 instant, or a date: its start, or for an upper bound its end. */
    static Instant instant(String name, String value, boolean upper) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            if (value.length() == 10) {
                LocalDate day = LocalDate.parse(value);
                return upper
                        ? day.plusDays(1)
                                .atStartOfDay()
                                .toInstant(ZoneOffset.UTC)
                                .minusNanos(1)
                        : day.atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            return java.time.OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw NuboException.invalid(name + " must be an ISO-8601 date-time with offset or a date (2024-05-31)");
        }
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
