package dev.nubo.media.service;

import dev.nubo.files.api.FileAccess;
import dev.nubo.files.api.NodeView;
import dev.nubo.media.api.MediaException;
import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.api.Thumbnails;
import dev.nubo.media.infra.FsThumbnailStore;
import dev.nubo.media.infra.ImageThumbnailer;
import dev.nubo.media.infra.SqlMedia;
import dev.nubo.platform.config.ServerSettings;
import dev.nubo.storage.api.BlobCollected;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.ContentHash;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Makes and finds thumbnails. All three sizes of a content are rendered from one decode and stored under
 * {@code NUBO_DATA_DIR/thumbnails}; a content being rendered is rendered once however many ask (the others wait for
 * it), and at most {@code nubo.thumbnails.concurrency} renders run at a time, background and on-demand together, so
 * a burst of photos cannot take every core or the heap. A content that cannot be rendered is remembered as failed and
 * not tried again.
 */
@ApplicationScoped
public class ThumbnailService implements Thumbnails {
    private static final Logger LOG = Logger.getLogger(ThumbnailService.class.getName());
    static final long WAIT_SECONDS = 60;

    @Inject
    ServerSettings settings;

    @Inject
    FileAccess access;

    @Inject
    BlobStore blobs;

    @Inject
    SqlMedia media;

    @Inject
    @ConfigProperty(name = "nubo.thumbnails.concurrency", defaultValue = "2")
    int concurrency;

    @Inject
    @ConfigProperty(name = "nubo.thumbnails.max-pixels", defaultValue = "100000000")
    long maxPixels;

    private FsThumbnailStore store;
    private ImageThumbnailer thumbnailer;
    private Semaphore renders;
    private final ConcurrentMap<String, CompletableFuture<Boolean>> inFlight = new ConcurrentHashMap<>();

    @PostConstruct
    void init() {
        try {
            store = new FsThumbnailStore(settings.dataDir().resolve("thumbnails"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        thumbnailer = new ImageThumbnailer(maxPixels);
        renders = new Semaphore(Math.max(1, concurrency), true);
    }

    @Override
    public boolean offers(String mimeType) {
        return ImageThumbnailer.supports(mimeType);
    }

    @Override
    public Optional<Found> of(UUID caller, long nodeId, ThumbnailSize size) {
        NodeView node = access.require(caller, nodeId, FileAccess.Need.READ);
        if (node.folder() || node.contentHash() == null || !offers(node.mimeType())) {
            return Optional.empty();
        }
        return ofContent(node.contentHash(), size);
    }

    /** The stored thumbnail of a content, made now if it is missing; for callers that checked access already. */
    public Optional<Found> ofContent(String hash, ThumbnailSize size) {
        Optional<Path> file = store.find(hash, size);
        if (file.isEmpty() && ensure(hash)) {
            file = store.find(hash, size);
        }
        return file.map(f -> new Found(f, store.mimeType(f), "\"" + hash.substring(0, 32) + "-" + size.px() + "\""));
    }

    /**
     * Makes every size of a content unless they exist or it failed before; true when they exist afterwards. Waits
     * for a render of the same content already under way instead of starting another.
     */
    public boolean ensure(String hash) {
        if (store.find(hash, ThumbnailSize.LARGE).isPresent()) {
            return true;
        }
        if (media.state(hash) == SqlMedia.State.FAILED) {
            return false;
        }
        CompletableFuture<Boolean> mine = new CompletableFuture<>();
        CompletableFuture<Boolean> running = inFlight.putIfAbsent(hash, mine);
        if (running != null) {
            try {
                return running.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException | TimeoutException e) {
                return false;
            }
        }
        boolean made = false;
        try {
            made = render(hash);
            return made;
        } finally {
            inFlight.remove(hash, mine);
            mine.complete(made);
        }
    }

    private boolean render(String hash) {
        try {
            renders.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            if (store.find(hash, ThumbnailSize.LARGE).isPresent()) {
                return true; // made by a render that finished just before this one began
            }
            Optional<Path> source = blobs.localFile(new ContentHash(hash));
            if (source.isEmpty()) {
                return false;
            }
            long start = System.nanoTime();
            List<Thumbnail> made = thumbnailer.render(source.get(), EnumSet.allOf(ThumbnailSize.class));
            store.store(hash, made);
            media.recordThumbnails(hash, SqlMedia.State.READY);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            LOG.info(() -> "nubo: rendered thumbnails of content " + hash + " in " + ms + " ms");
            return true;
        } catch (MediaException e) {
            LOG.info(() -> "nubo: no thumbnail for content " + hash + ": " + e.getMessage());
            media.recordThumbnails(hash, SqlMedia.State.FAILED);
            return false;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "nubo: rendering thumbnails of content " + hash + " failed", e);
            return false;
        } finally {
            renders.release();
        }
    }

    /** Thumbnails go with the content they were made from. */
    void onCollected(@Observes BlobCollected collected) {
        try {
            store.delete(collected.hash().hex());
        } catch (IOException e) {
            LOG.log(Level.WARNING, "nubo: thumbnails of collected content " + collected.hash() + " stay on disk", e);
        }
    }
}
