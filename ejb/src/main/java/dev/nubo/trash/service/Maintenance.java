package dev.nubo.trash.service;

import dev.nubo.files.api.UploadSessions;
import dev.nubo.settings.api.RuntimeSettings;
import dev.nubo.storage.api.BlobReferences;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.trash.api.Trash;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The storage housekeeping, on a non-persistent EJB interval timer ({@code nubo.maintenance.interval}): purge trash
 * older than the trash retention (an admin setting, {@code NUBO_TRASH_RETENTION_DAYS} by default), remove resumable uploads idle past {@code nubo.uploads.idle-limit},
 * then collect blobs unreferenced for longer than {@code nubo.blobs.gc-grace} and temporary files of writes that
 * never finished. Each step runs in its own transactions; a failing step is logged and retried next round.
 */
@Startup
@Singleton
@jakarta.ejb.DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Maintenance {
    private static final Logger LOG = Logger.getLogger(Maintenance.class.getName());
    static final int COLLECT_BATCH = 500;

    @Resource
    TimerService timers;

    @Inject
    Trash trash;

    @Inject
    UploadSessions uploads;

    @Inject
    dev.nubo.files.api.ChunkedUploads chunked;

    @Inject
    BlobReferences blobs;

    @Inject
    dev.nubo.files.api.WriteUpkeep writes;

    @Inject
    BlobStore store;

    @Inject
    @ConfigProperty(name = "nubo.maintenance.interval", defaultValue = "PT10M")
    Duration interval;

    /** The retention is an admin setting: read at each round, so a change applies at the next one. */
    @Inject
    RuntimeSettings settings;

    @Inject
    @ConfigProperty(name = "nubo.uploads.idle-limit", defaultValue = "P1D")
    Duration uploadIdleLimit;

    @Inject
    @ConfigProperty(name = "nubo.blobs.gc-grace", defaultValue = "PT1H")
    Duration gcGrace;

    @Inject
    @ConfigProperty(name = "nubo.blobs.abandoned-after", defaultValue = "PT6H")
    Duration abandonedAfter;

    /**
     * A hold lives from the end of its upload's body to that upload's commit, milliseconds; one this old belongs to a
     * write that never committed (a crash, a lost connection).
     */
    static final Duration STALE_HOLD = Duration.ofMinutes(15);

    private static final String AT_START = "nubo-write-upkeep";

    private final AtomicBoolean running = new AtomicBoolean();

    @PostConstruct
    void schedule() {
        long ms = Math.max(1000, interval.toMillis());
        timers.createIntervalTimer(ms, ms, new TimerConfig("nubo-maintenance", false));
        // what a crash left pending is folded right after start, not an interval later
        timers.createSingleActionTimer(1000, new TimerConfig(AT_START, false));
    }

    @Timeout
    void onTimer(jakarta.ejb.Timer timer) {
        if (AT_START.equals(timer.getInfo())) {
            step("pending tree changes", writes::foldPending);
            return;
        }
        runOnce();
    }

    /** One round; a round still running when the next is due makes the next one skip. */
    public void runOnce() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            step("pending tree changes", writes::foldPending);
            step("stale write holds", () -> writes.reclaimHolds(STALE_HOLD));
            step("trash purge", () -> trash.purgeExpired(settings.trashRetention()));
            step("stale uploads", () -> uploads.removeStale(uploadIdleLimit));
            step("stale chunked uploads", () -> chunked.removeStale(uploadIdleLimit));
            step("blob collection", () -> {
                int total = 0;
                int n;
                do {
                    n = blobs.collect(gcGrace, COLLECT_BATCH);
                    total += n;
                } while (n == COLLECT_BATCH);
                return total;
            });
            step("unfinished writes", () -> store.sweepAbandonedWrites(abandonedAfter));
        } finally {
            running.set(false);
        }
    }

    interface Step {
        int run() throws Exception;
    }

    private static void step(String name, Step step) {
        try {
            int n = step.run();
            if (n > 0) {
                LOG.info(() -> "nubo: maintenance " + name + ": " + n);
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, "nubo: maintenance " + name + " failed; retrying next round", e);
        }
    }
}
