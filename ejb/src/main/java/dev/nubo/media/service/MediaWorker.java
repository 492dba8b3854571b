package dev.nubo.media.service;

import dev.nubo.media.api.ContentSeen;
import dev.nubo.media.api.MediaInfo;
import dev.nubo.media.infra.ImageThumbnailer;
import dev.nubo.media.infra.MediaProbe;
import dev.nubo.media.infra.SqlMedia;
import dev.nubo.storage.api.BlobStore;
import dev.nubo.storage.api.ContentHash;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads what new contents say about themselves (image size, EXIF, durations) and makes the thumbnails of new images,
 * on an EJB timer fed by the search indexer ({@link ContentSeen}), one content at a time, so uploads never wait. The queue is
 * bounded; what does not fit is left for the first request of a thumbnail, which makes it then.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class MediaWorker {
    private static final Logger LOG = Logger.getLogger(MediaWorker.class.getName());
    static final int QUEUE = 10_000;

    @Inject
    SqlMedia media;

    @Inject
    BlobStore blobs;

    @Inject
    ThumbnailService thumbnails;

    @Resource
    TimerService timers;

    private final BlockingQueue<ContentSeen.Content> queue = new LinkedBlockingQueue<>(QUEUE);
    private final java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean stopping;

    @PostConstruct
    void start() {
        timers.createIntervalTimer(1000, 1000, new TimerConfig("nubo-media", false));
    }

    @PreDestroy
    void stop() {
        stopping = true;
    }

    /** Takes note of indexed contents that were never read before. */
    public void onSeen(@Observes ContentSeen seen) {
        List<ContentSeen.Content> candidates =
                seen.contents().stream().filter(c -> interesting(c.mimeType())).toList();
        if (candidates.isEmpty()) {
            return;
        }
        Set<String> known =
                media.probed(candidates.stream().map(ContentSeen.Content::hash).toList());
        for (ContentSeen.Content c : candidates) {
            if (!known.contains(c.hash()) && !queue.contains(c) && !queue.offer(c)) {
                return; // full: thumbnails will be made on demand
            }
        }
    }

    /** How many contents wait to be read. */
    public int backlog() {
        return queue.size();
    }

    static boolean interesting(String mimeType) {
        return mimeType != null
                && (mimeType.startsWith("image/") || mimeType.startsWith("audio/") || mimeType.startsWith("video/"));
    }

    /** Works through the queue; a round still running when the next is due makes the next one skip. */
    @Timeout
    void drain() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            ContentSeen.Content c;
            while (!stopping && (c = queue.poll()) != null) {
                handle(c);
            }
        } finally {
            running.set(false);
        }
    }

    void handle(ContentSeen.Content c) {
        try {
            Optional<Path> file = blobs.localFile(new ContentHash(c.hash()));
            if (file.isEmpty()) {
                return;
            }
            MediaInfo info = MediaProbe.probe(file.get(), c.mimeType());
            media.recordFacts(c.hash(), info);
            if (ImageThumbnailer.supports(c.mimeType())) {
                thumbnails.ensure(c.hash());
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, "nubo: reading media facts of content " + c.hash() + " failed", e);
        }
    }
}
