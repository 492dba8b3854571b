package dev.nubo.search.infra;

import dev.nubo.search.api.IndexDoc;
import dev.nubo.search.api.SearchHit;
import dev.nubo.search.api.SearchQuery;
import dev.nubo.search.api.SearchSort;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Builders for index documents and queries with sensible defaults, so each test states only what it is about. */
final class Fixtures {
    static final UUID ALICE = UUID.fromString("00000000-0000-0000-0000-00000000a11c");
    static final UUID BOB = UUID.fromString("00000000-0000-0000-0000-000000000b0b");
    static final long ROOT = 1;
    static final Instant T0 = Instant.parse("2024-01-15T10:00:00Z");

    private Fixtures() {}

    static Doc doc(long id, String name) {
        return new Doc(id, name);
    }

    static Q query(String text) {
        return new Q(text);
    }

    static List<Long> ids(LuceneSearchIndex index, SearchQuery q) throws IOException {
        return index.search(q).hits().stream().map(SearchHit::id).toList();
    }

    static List<Long> ids(LuceneSearchIndex index, String text) throws IOException {
        return ids(index, query(text).build());
    }

    static final class Doc {
        private final long id;
        private final String name;
        private UUID owner = ALICE;
        private long[] ancestors = {ROOT};
        private boolean folder;
        private long size = 100;
        private String mimeType = "text/plain";
        private String category = "text";
        private Instant modified = T0;
        private String content;

        private Doc(long id, String name) {
            this.id = id;
            this.name = name;
        }

        Doc owner(UUID value) {
            owner = value;
            return this;
        }

        /** The folders from the root down to the parent. */
        Doc in(long... value) {
            ancestors = value;
            return this;
        }

        Doc folder() {
            folder = true;
            mimeType = null;
            category = IndexDoc.FOLDER_CATEGORY;
            return this;
        }

        Doc size(long value) {
            size = value;
            return this;
        }

        Doc category(String value) {
            category = value;
            return this;
        }

        Doc modified(Instant value) {
            modified = value;
            return this;
        }

        Doc content(String value) {
            content = value;
            return this;
        }

        IndexDoc build() {
            long parent = ancestors[ancestors.length - 1];
            return new IndexDoc(
                    id, owner, parent, ancestors, name, folder, size, mimeType, category, modified, content);
        }
    }

    static final class Q {
        private final String text;
        private Set<UUID> owners = Set.of(ALICE);
        private Boolean folders;
        private Set<String> categories = Set.of();
        private Long minSize;
        private Long maxSize;
        private Instant after;
        private Instant before;
        private Long within;
        private SearchSort sort = SearchSort.RELEVANCE;
        private boolean descending;
        private int offset;
        private int limit = 50;

        private Q(String text) {
            this.text = text;
        }

        Q owners(UUID... value) {
            owners = Set.of(value);
            return this;
        }

        Q folders(Boolean value) {
            folders = value;
            return this;
        }

        Q categories(String... value) {
            categories = Set.of(value);
            return this;
        }

        Q size(Long min, Long max) {
            minSize = min;
            maxSize = max;
            return this;
        }

        Q modified(Instant from, Instant until) {
            after = from;
            before = until;
            return this;
        }

        Q within(long folder) {
            within = folder;
            return this;
        }

        Q sort(SearchSort value, boolean desc) {
            sort = value;
            descending = desc;
            return this;
        }

        Q page(int from, int size) {
            offset = from;
            limit = size;
            return this;
        }

        SearchQuery build() {
            return new SearchQuery(
                    owners,
                    text,
                    folders,
                    categories,
                    minSize,
                    maxSize,
                    after,
                    before,
                    within,
                    sort,
                    descending,
                    offset,
                    limit);
        }
    }
}
