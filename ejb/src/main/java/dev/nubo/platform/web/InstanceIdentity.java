package dev.nubo.platform.web;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * A random id drawn once per application instance. Every surface reports it (the health body, the
 * {@code X-Nubo-Instance} header), which lets a test prove that REST, DAV and Nextcloud share one instance.
 */
@ApplicationScoped
public class InstanceIdentity {
    public static final String HEADER = "X-Nubo-Instance";

    private final String id = UUID.randomUUID().toString();

    public String id() {
        return id;
    }
}
