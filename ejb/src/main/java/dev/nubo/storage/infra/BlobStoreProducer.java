package dev.nubo.storage.infra;

import dev.nubo.platform.config.ServerSettings;
import dev.nubo.platform.config.StartupFailure;
import dev.nubo.storage.api.BlobStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.logging.Logger;

/** The installation's blob store: the local-disk backend under {@code NUBO_DATA_DIR/blobs}. */
@ApplicationScoped
public class BlobStoreProducer {
    private static final Logger LOG = Logger.getLogger(BlobStoreProducer.class.getName());
    /** A write that has not finished within this long is one a crashed process left behind. */
    static final Duration ABANDONED = Duration.ofHours(6);

    @Inject
    ServerSettings settings;

    @Produces
    @ApplicationScoped
    BlobStore blobStore() {
        try {
            FsBlobStore store = new FsBlobStore(settings.dataDir().resolve("blobs"));
            int swept = store.sweepAbandonedWrites(ABANDONED);
            if (swept > 0) {
                LOG.info(() -> "nubo: removed " + swept + " unfinished blob write(s) left by an earlier process");
            }
            return store;
        } catch (IOException e) {
            throw StartupFailure.of("NUBO_DATA_DIR", "cannot prepare the blob store (" + e + ")");
        }
    }
}
