package dev.nubo.search.service;

import dev.nubo.media.api.ContentSeen;
import dev.nubo.media.api.MimeCategory;
import dev.nubo.platform.config.ServerSettings;
import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.infra.LuceneSearchIndex;
import dev.nubo.search.infra.SqlSearchSource;
import dev.nubo.search.infra.TextExtractor;
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
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the Lucene index under {@code NUBO_DATA_DIR/search} in step with the database, off the request threads: every
 * {@code nubo.search.interval} it reads the queue that the database's triggers fill in the same transaction as each
 * change (V6), re-reads those nodes, extracts the text of text-like files, applies the batch to the index (committed)
 * and only then deletes the queue entries. A crash at any point repeats work, never loses it. A missing or corrupt
 * index is rebuilt from the database at start; admins can ask for a rebuild too. One thread writes the index.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SearchIndexer {
    private static final Logger LOG = Logger.getLogger(SearchIndexer.class.getName());
    static final int BATCH = 500;

    @Inject
    ServerSettings settings;

    @Inject
    SqlSearchSource source;

    @Inject
    BlobStore blobs;

    @Inject
    Event<ContentSeen> seen;

    @Resource
    TimerService timers;

    @Inject
    @ConfigProperty(name = "nubo.search.interval", defaultValue = "PT0.5S")
    Duration interval;

    private final TextExtractor extractor = new TextExtractor(1_000_000, 50L * 1024 * 1024);
    private LuceneSearchIndex index;
    private Path pendingMark;
    private final java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean rebuildWanted;
    private volatile boolean rebuilding;
    private volatile boolean closing;
    /** Held by a round of indexing; closing the index waits for it. */
    private final Object writing = new Object();

    @PostConstruct
    void start() {
        pendingMark = settings.dataDir().resolve("search.rebuild-pending");
        try {
            index = LuceneSearchIndex.open(settings.dataDir().resolve("search"));
            if (index.needsRebuild()) {
                requestRebuild();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the search index under " + settings.dataDir() + " cannot be opened", e);
        }
        rebuildWanted = java.nio.file.Files.exists(pendingMark);
        // an EJB timer, not a managed executor: its callbacks run in the container's context, where the
        // repositories' transactions and persistence contexts work
        long ms = Math.max(50, interval.toMillis());
        timers.createIntervalTimer(ms, ms, new TimerConfig("nubo-search-indexer", false));
    }

    @PreDestroy
    void stop() {
        closing = true;
        synchronized (writing) {
            try {
                index.close();
            } catch (IOException e) {
                LOG.log(Level.WARNING, "nubo: closing the search index failed", e);
            }
        }
    }

    public LuceneSearchIndex index() {
        return index;
    }

    public boolean rebuilding() {
        return rebuilding || rebuildWanted;
    }

    /**
     * Asks for a rebuild, remembered on disk until one completes: a rebuild cut short by a stop starts again at the
     * next start, rather than leaving the index half made.
     */
    public void requestRebuild() {
        try {
            if (!java.nio.file.Files.exists(pendingMark)) {
                java.nio.file.Files.createFile(pendingMark);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rebuildWanted = true;
    }

    /** One round: a rebuild when one is wanted, then the queue until it is empty; skipped while one runs. */
    @Timeout
    void tick() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            round();
        } finally {
            running.set(false);
        }
    }

    private void round() {
        synchronized (writing) {
            try {
                if (rebuildWanted && !closing) {
                    rebuild();
                }
                while (!closing && drainOnce() == BATCH) {
                    // a full batch: more may wait
                }
            } catch (RuntimeException | IOException e) {
                if (!closing) {
                    LOG.log(Level.WARNING, "nubo: search indexing failed; retrying", e);
                }
            }
        }
    }

    /** Indexes one batch of the queue; answers how many entries it handled. */
    int drainOnce() throws IOException {
        SqlSearchSource.Batch batch = source.next(BATCH);
        if (batch.isEmpty()) {
            return 0;
        }
        List<SqlSearchSource.Row> rows = source.live(batch.nodeIds());
        Set<Long> gone = new HashSet<>(batch.nodeIds());
        List<IndexDoc> docs = new ArrayList<>(rows.size());
        for (SqlSearchSource.Row row : rows) {
            gone.remove(row.id());
            docs.add(doc(row));
        }
        index.apply(docs, gone);
        source.done(batch.seqs());
        List<ContentSeen.Content> files = rows.stream()
                .filter(r -> !r.folder() && r.contentHash() != null)
                .map(r -> new ContentSeen.Content(r.contentHash(), r.mimeType()))
                .distinct()
                .toList();
        if (!files.isEmpty()) {
            seen.fire(new ContentSeen(files));
        }
        return batch.seqs().size();
    }

    private void rebuild() throws IOException {
        rebuilding = true;
        rebuildWanted = false;
        long started = System.nanoTime();
        try {
            index.rebuild(new AllDocs());
            if (!rebuildWanted) {
                java.nio.file.Files.deleteIfExists(pendingMark);
            }
            LOG.info(() -> "nubo: search index rebuilt from the database: " + count() + " items in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms");
        } finally {
            rebuilding = false;
        }
    }

    private long count() {
        try {
            return index.count();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Every live node, read a page at a time. */
    private final class AllDocs implements Iterator<IndexDoc> {
        private List<SqlSearchSource.Row> page = List.of();
        private int at;
        private long after;
        private boolean last;

        @Override
        public boolean hasNext() {
            if (at < page.size()) {
                return true;
            }
            if (last) {
                return false;
            }
            if (closing) {
                throw new IllegalStateException("shutting down: the rebuild resumes at the next start");
            }
            page = source.allAfter(after, BATCH);
            at = 0;
            last = page.size() < BATCH;
            if (!page.isEmpty()) {
                after = page.get(page.size() - 1).id();
            }
            return !page.isEmpty();
        }

        @Override
        public IndexDoc next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return doc(page.get(at++));
        }
    }

    private IndexDoc doc(SqlSearchSource.Row r) {
        return new IndexDoc(
                r.id(),
                r.owner(),
                r.parentId(),
                r.ancestors(),
                r.name(),
                r.folder(),
                r.folder() ? 0 : r.size(),
                r.folder() ? null : r.mimeType(),
                r.folder() ? "folder" : MimeCategory.of(r.mimeType()),
                r.modifiedAt(),
                r.folder() ? null : content(r));
    }

    /** The file's text when its type has any; a file that cannot be read is indexed by its name alone. */
    private String content(SqlSearchSource.Row r) {
        if (r.contentHash() == null || !TextExtractor.extracts(r.mimeType(), r.name())) {
            return null;
        }
        try {
            Optional<Path> file = blobs.localFile(new ContentHash(r.contentHash()));
            return file.isEmpty() ? null : extractor.extract(file.get(), r.mimeType(), r.name());
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, e, () -> "nubo: no text from node " + r.id());
            return null;
        }
    }
}
