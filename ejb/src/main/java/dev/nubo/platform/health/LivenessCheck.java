package dev.nubo.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the data directory takes writes and the database answers; restarting would not fix anything else. */
@Liveness
@ApplicationScoped
public class LivenessCheck implements HealthCheck {
    @Inject
    ServerHealth health;

    @Override
    public HealthCheckResponse call() {
        ServerHealth.Status s = health.check();
        return HealthCheckResponse.named("nubo")
                .status(s.database() && s.dataDirWritable())
                .withData("database", s.database())
                .withData("dataDirWritable", s.dataDirWritable())
                .build();
    }
}
