package dev.nubo.search.infra;

import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.api.SearchHit;
import dev.nubo.search.api.SearchQuery;
import dev.nubo.search.api.SearchResults;
import dev.nubo.search.api.Suggestion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NativeFSLockFactory;
import org.apache.lucene.util.IOUtils;

/**
 * The search index: one Lucene index in one directory, owned by one instance (a native file lock makes a second
 * open, in this process or another, fail).
 *
 * <p>Searches read the last commit through a {@link SearcherManager} opened on the directory, not on the writer, so
 * they only ever see committed state: a batch becomes visible when it is durable, and a rebuild in progress is
 * invisible until its single commit. {@link #search}, {@link #suggest} and {@link #count} may run from any number
 * of threads. {@link #apply} is meant to be called from one thread at a time (the indexing queue); it and {@link
 * #rebuild} are serialised by a lock anyway, so a batch arriving during a rebuild waits for it.
 *
 * <p>Each commit records the schema version and whether the index holds everything; an index lacking either (new,
 * discarded as corrupt, built by an older version, or interrupted before its first full rebuild) reports {@link
 * #needsRebuild()}.
 */
public final class LuceneSearchIndex implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LuceneSearchIndex.class.getName());
    /** Raise when fields or analysis change: an index built otherwise then asks for a rebuild. */
    static final String SCHEMA_VERSION = "1";

    private static final String SCHEMA_KEY = "nubo.search.schema";
    private static final String COMPLETE_KEY = "nubo.search.complete";
    private static final double RAM_BUFFER_MB = 32;

    private final Path path;
    private final FSDirectory directory;
    private final Analyzer analyzer;
    private final SearcherManager searchers;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile IndexWriter writer;
    private volatile boolean needsRebuild;

    private LuceneSearchIndex(
            Path path, FSDirectory directory, Analyzer analyzer, IndexWriter writer, boolean needsRebuild)
            throws IOException {
        this.path = path;
        this.directory = directory;
        this.analyzer = analyzer;
        this.writer = writer;
        this.needsRebuild = needsRebuild;
        this.searchers = new SearcherManager(directory, null);
    }

    /**
     * Opens the index in {@code dir}, creating it when missing. When the directory is missing, empty, or corrupt
     * ({@code CorruptIndexException}, {@code IndexFormatTooOld/TooNewException}, a missing file, a reader that
     * cannot be opened over it), it starts from an empty index and {@link #needsRebuild()} answers true; a corrupt
     * index is renamed to {@code <dir>.corrupt-<millis>} and deleted.
     *
     * @throws LockObtainFailedException when the index is already open, in this process or another
     */
    public static LuceneSearchIndex open(Path dir) throws IOException {
        Files.createDirectories(dir);
        IndexDirectories.removeLeftovers(dir);
        try {
            return openIn(dir, false);
        } catch (IOException e) {
            if (!IndexDirectories.isCorruption(e)) {
                throw e;
            }
            LOG.log(
                    Level.WARNING,
                    e,
                    () -> "nubo: the search index at " + dir + " is unreadable (" + e
                            + "); it is discarded and starts empty until rebuilt");
            IndexDirectories.discard(dir);
            Files.createDirectories(dir);
            return openIn(dir, true);
        }
    }

    private static LuceneSearchIndex openIn(Path dir, boolean discarded) throws IOException {
        FSDirectory directory = FSDirectory.open(dir, NativeFSLockFactory.INSTANCE);
        Analyzer analyzer = Analysis.indexing();
        IndexWriter writer = null;
        try {
            boolean existed = DirectoryReader.indexExists(directory);
            writer = newWriter(directory, analyzer, dir);
            Map<String, String> last =
                    existed ? SegmentInfos.readLatestCommit(directory).getUserData() : Map.of();
            boolean complete = !discarded
                    && SCHEMA_VERSION.equals(last.get(SCHEMA_KEY))
                    && Boolean.parseBoolean(last.get(COMPLETE_KEY));
            if (!existed) {
                commit(writer, false);
            }
            if (!complete) {
                LOG.info(() -> "nubo: the search index at " + dir + " is incomplete or outdated; it needs a rebuild");
            }
            return new LuceneSearchIndex(dir, directory, analyzer, writer, !complete);
        } catch (IOException | RuntimeException e) {
            IOUtils.closeWhileHandlingException(writer, directory, analyzer);
            throw e;
        }
    }

    private static IndexWriter newWriter(FSDirectory directory, Analyzer analyzer, Path dir) throws IOException {
        IndexWriterConfig config = new IndexWriterConfig(analyzer)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setCommitOnClose(false) // closing must never commit half a rebuild
                .setRAMBufferSizeMB(RAM_BUFFER_MB);
        try {
            return new IndexWriter(directory, config);
        } catch (LockObtainFailedException e) {
            throw new LockObtainFailedException(
                    "the search index at " + dir + " is already open, in this process or another", e);
        }
    }

    private static void commit(IndexWriter writer, boolean complete) throws IOException {
        writer.setLiveCommitData(Map.of(SCHEMA_KEY, SCHEMA_VERSION, COMPLETE_KEY, Boolean.toString(complete))
                .entrySet());
        writer.commit();
    }

    /** Whether the index is missing items: new, discarded as corrupt, outdated, or never fully rebuilt. */
    public boolean needsRebuild() {
        return needsRebuild;
    }

    /**
     * Adds or replaces {@code upserts} (by id) and then deletes {@code deletes} (an id in both ends deleted), then
     * commits and refreshes the searchers: what was applied is visible to the next search and survives a crash. A
     * batch that fails leaves nothing behind, so the caller can retry it whole. Call from one thread at a time.
     */
    public void apply(List<IndexDoc> upserts, Collection<Long> deletes) throws IOException {
        if (upserts.isEmpty() && deletes.isEmpty()) {
            return;
        }
        write(
                w -> {
                    for (IndexDoc doc : upserts) {
                        w.updateDocument(IndexFields.idTerm(doc.id()), IndexFields.toDocument(doc));
                    }
                    if (!deletes.isEmpty()) {
                        w.deleteDocuments(
                                deletes.stream().map(IndexFields::idTerm).toArray(Term[]::new));
                    }
                },
                !needsRebuild);
    }

    /**
     * Replaces the whole index with {@code docs} (streamed, ids unique as the database's are, committed once at the
     * end); {@link #needsRebuild()} is false afterwards. Searches keep answering from the old content until that
     * commit; a failure (or {@link #close()}) midway leaves the old content in place.
     */
    public void rebuild(Iterator<IndexDoc> docs) throws IOException {
        write(
                w -> {
                    w.deleteAll();
                    while (docs.hasNext()) {
                        w.addDocument(IndexFields.toDocument(docs.next()));
                    }
                },
                true);
    }

    private interface WriterWork {
        void run(IndexWriter writer) throws IOException;
    }

    private void write(WriterWork work, boolean complete) throws IOException {
        writeLock.lock();
        try {
            ensureOpen();
            if (!writer.isOpen()) { // a tragic failure (disk full, say) closed it: try afresh
                writer = newWriter(directory, analyzer, path);
            }
            try {
                work.run(writer);
                commit(writer, complete);
            } catch (IOException | RuntimeException e) {
                discardUncommitted(e);
                throw e;
            }
            needsRebuild = !complete;
            searchers.maybeRefreshBlocking();
        } finally {
            writeLock.unlock();
        }
    }

    private void discardUncommitted(Exception failure) {
        try {
            writer.rollback();
            if (!closed.get()) {
                writer = newWriter(directory, analyzer, path);
            }
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    public SearchResults search(SearchQuery q) throws IOException {
        Optional<Query> query = SearchQueries.query(q);
        if (query.isEmpty()) {
            return SearchResults.empty();
        }
        Sort sort = SearchQueries.sort(q);
        boolean byScore = sort.getSort()[0].getType() == SortField.Type.SCORE;
        IndexSearcher searcher = searchers.acquire();
        try {
            TopFieldDocs top = searcher.search(
                    query.get(), new TopFieldCollectorManager(sort, q.offset() + q.limit(), null, Integer.MAX_VALUE));
            List<SearchHit> hits = new ArrayList<>(Math.max(0, top.scoreDocs.length - q.offset()));
            for (int i = q.offset(); i < top.scoreDocs.length; i++) {
                Object[] values = ((FieldDoc) top.scoreDocs[i]).fields;
                hits.add(new SearchHit((Long) values[values.length - 1], byScore ? (Float) values[0] : 0f));
            }
            return new SearchResults(top.totalHits.value, hits);
        } finally {
            searchers.release(searcher);
        }
    }

    /**
     * Type-ahead over names: up to {@code limit} (1..20) items in the owners' trees whose name starts with or
     * contains the typed text, folders and files alike; names starting with it first, then names where every typed
     * word starts a word, then names containing it mid-word, shorter names first within each group.
     */
    public List<Suggestion> suggest(Set<UUID> owners, String prefix, int limit) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return Suggestions.suggest(searcher, owners, prefix, limit);
        } finally {
            searchers.release(searcher);
        }
    }

    /** The number of indexed items, as the searches see them. */
    public long count() throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            return searcher.getIndexReader().numDocs();
        } finally {
            searchers.release(searcher);
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("the search index at " + path + " is closed");
        }
    }

    /** Releases the index and its lock. A rebuild in progress is aborted, its work discarded; commits stay. */
    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            writer.rollback(); // without the lock: this is what stops a long rebuild at its next document
        } finally {
            writeLock.lock();
            try {
                IOUtils.close(writer, searchers, directory, analyzer);
            } finally {
                writeLock.unlock();
            }
        }
    }
}
