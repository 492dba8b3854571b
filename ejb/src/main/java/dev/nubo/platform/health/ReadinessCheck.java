package dev.nubo.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

@Readiness
@ApplicationScoped
public class ReadinessCheck implements HealthCheck {
    @Inject
    ServerHealth health;

    @Override
    public HealthCheckResponse call() {
        ServerHealth.Status s = health.check();
        return HealthCheckResponse.named("nubo")
                .status(s.up())
                .withData("database", s.database())
                .withData("schemaVersion", s.schemaVersion() == null ? "none" : s.schemaVersion())
                .withData("dataDirWritable", s.dataDirWritable())
                .build();
    }
}
