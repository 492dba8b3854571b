package dev.nubo.rest;

import dev.nubo.users.api.UserService;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * GET /api/setup, without credentials: whether first-run setup is pending, so the sign-in page can tell the admin to
 * use the one-time password from the log. It reveals no name and offers no way to claim an account.
 */
@Path("setup")
@Public
public class SetupResource {
    @Inject
    UserService users;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "200",
            description = "Whether an enabled admin still has the generated one-time password",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.Setup.class)))
    public Response setup() {
        CacheControl noStore = new CacheControl();
        noStore.setNoStore(true);
        return Response.ok(new Json.Setup(users.setupPending()))
                .cacheControl(noStore)
                .build();
    }
}
