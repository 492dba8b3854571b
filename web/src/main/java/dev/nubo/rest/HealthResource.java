package dev.nubo.rest;

import dev.nubo.platform.health.ServerHealth;
import dev.nubo.platform.web.InstanceIdentity;
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

/** GET /api/health: 200 once the server can serve (database reachable, schema migrated, data dir writable). */
@Path("health")
@Public
public class HealthResource {
    @Inject
    ServerHealth health;

    @Inject
    InstanceIdentity instance;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "200",
            description = "Up",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.Health.class)))
    @APIResponse(
            responseCode = "503",
            description = "Starting, draining or the database is unreachable",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.Health.class)))
    public Response health() {
        ServerHealth.Status s = health.check();
        String version = HealthResource.class.getPackage().getImplementationVersion();
        CacheControl noStore = new CacheControl();
        noStore.setNoStore(true);
        return Response.status(s.up() ? 200 : 503)
                .cacheControl(noStore)
                .entity(new Json.Health(
                        s.draining() ? "draining" : s.up() ? "ok" : "unavailable",
                        version,
                        s.schemaVersion(),
                        instance.id()))
                .build();
    }
}
