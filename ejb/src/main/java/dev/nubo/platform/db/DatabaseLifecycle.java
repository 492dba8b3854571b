package dev.nubo.platform.db;

import jakarta.annotation.PreDestroy;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/** Stops the embedded cluster when the application goes away, after everything that depends on it. */
@Startup
@Singleton
public class DatabaseLifecycle {
    @PreDestroy
    void stop() {
        EmbeddedDatabase.stopQuietly();
    }
}
