package dev.nubo.rest.files;

import dev.nubo.files.api.RecentItems;
import dev.nubo.rest.RequestAuth;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** What the caller opened or changed lately. */
@Path("recent")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "files")
public class RecentResource {
    @Inject
    RecentItems recent;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(summary = "Items recently opened or changed, newest first")
    public List<FilesJson.RecentEntry> recent(@QueryParam("limit") @DefaultValue("50") int limit) {
        return recent.list(caller(), limit).stream()
                .map(FilesJson.RecentEntry::of)
                .toList();
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
