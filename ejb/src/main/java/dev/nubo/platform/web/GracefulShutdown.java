package dev.nubo.platform.web;

import jakarta.annotation.PreDestroy;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * On undeploy or shutdown, lets requests in flight finish (up to {@code nubo.shutdown.grace}) before the database
 * and the caches go away: this singleton is destroyed before the ones it depends on.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
public class GracefulShutdown {
    private static final Logger LOG = Logger.getLogger(GracefulShutdown.class.getName());

    @Inject
    InFlightRequests inFlight;

    @Inject
    @ConfigProperty(name = "nubo.shutdown.grace", defaultValue = "PT25S")
    Duration grace;

    @PreDestroy
    void drain() {
        int busy = inFlight.count();
        if (busy == 0) {
            return;
        }
        LOG.info(() -> "nubo: shutting down, waiting for " + busy + " request(s) in flight");
        try {
            int left = inFlight.awaitIdle(grace);
            if (left > 0) {
                LOG.warning(() -> "nubo: " + left + " request(s) still running after " + grace + "; stopping anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
