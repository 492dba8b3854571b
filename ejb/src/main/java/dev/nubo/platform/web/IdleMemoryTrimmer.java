package dev.nubo.platform.web;

import dev.nubo.platform.config.StartupFailure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * When Nubo runs alone in its JVM (nubo.jar), gives heap that bursts of work committed back to the operating system
 * once the server has been idle for a minute: one full collection per idle period, never while a request runs.
 * On a shared application server the JVM is not ours to collect, so this stays off there.
 */
@Startup
@Singleton
public class IdleMemoryTrimmer {
    static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    @Inject
    InFlightRequests inFlight;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private ScheduledFuture<?> task;
    private long trimmedFor = Long.MIN_VALUE;

    @PostConstruct
    void start() {
        if (Boolean.getBoolean(StartupFailure.STANDALONE_PROPERTY)) {
            task = scheduler.scheduleWithFixedDelay(this::trimIfIdle, 20, 20, TimeUnit.SECONDS);
        }
    }

    void trimIfIdle() {
        long last = inFlight.lastActivity();
        if (inFlight.count() == 0 && last != trimmedFor && System.nanoTime() - last > IDLE_NANOS) {
            trimmedFor = last;
            System.gc();
        }
    }

    @PreDestroy
    void stop() {
        if (task != null) {
            task.cancel(false);
        }
    }
}
