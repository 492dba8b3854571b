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
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads what new contents say about themselves (image size, EXIF, durations) and makes the thumbnails of new images,
 * on one background thread fed by the search indexer ({@link ContentSeen}), so uploads never wait for it. The queue is
 * bounded; what does not fit is left for the first request of a thumbnail, which makes it then.
 */
@ApplicationScoped
public class MediaWorker {
    private static final Logger LOG = Logger.getLogger(MediaWorker.class.getName());
    static final int QUEUE = 10_000;

    @Inject
    SqlMedia media;

    @Inject
    BlobStore blobs;

    @Inject
    ThumbnailService thumbnails;

    /** A thread of its own: the work never ends, so it must not hold one of the container's pooled threads. */
    @Resource
    ManagedThreadFactory threads;

    private final BlockingQueue<ContentSeen.Content> queue = new LinkedBlockingQueue<>(QUEUE);
    private volatile boolean stopping;
    private Thread loop;

    @PostConstruct
    void start() {
        loop = threads.newThread(this::run);
        loop.setName("nubo-media");
        loop.setDaemon(true);
        loop.start();
    }

    @PreDestroy
    void stop() {
        stopping = true;
        if (loop != null) {
            loop.interrupt();
        }
    }

    /** Takes note of indexed contents that were never read before. */
    void onSeen(@Observes ContentSeen seen) {
        List<ContentSeen.Content> candidates = seen.contents().stream()
                .filter(c -> interesting(c.mimeType()))
                .toList();
        if (candidates.isEmpty()) {
            return;
        }
        Set<String> known = media.probed(candidates.stream().map(ContentSeen.Content::hash).toList());
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

    private void run() {
        while (!stopping) {
            ContentSeen.Content c;
            try {
                c = queue.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (c != null) {
                handle(c);
            }
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
