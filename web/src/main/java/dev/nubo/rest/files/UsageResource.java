package dev.nubo.rest.files;

import dev.nubo.files.api.FileTree;
import dev.nubo.rest.RequestAuth;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The caller's storage figures. */
@Path("usage")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "files")
public class UsageResource {
    @Inject
    FileTree tree;

    @Context
    ContainerRequestContext context;

    @GET
    @Operation(summary = "Storage used (trash included), quota and what is in the trash")
    public FilesJson.Usage usage() {
        return FilesJson.Usage.of(tree.usage(caller()));
    }

    private UUID caller() {
        return RequestAuth.caller(context).userId();
    }
}
