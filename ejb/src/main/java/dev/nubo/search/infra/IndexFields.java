package dev.nubo.search.infra;

import dev.nubo.search.api.IndexDoc;
import java.util.Arrays;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

/**
 * The fields of an indexed item and how an {@link IndexDoc} becomes a Lucene document. Only what a hit or a
 * suggestion must show is stored (id, name, kind); content is indexed but never stored, which keeps the index a
 * fraction of the files' size. Every sortable value also has doc values, the id too, so that the last sort key,
 * the id, both breaks ties and tells the hit's id without a stored-field read.
 */
final class IndexFields {
    static final String ID = "id";
    static final String OWNER = "owner";
    static final String PARENT = "parent";
    /** Every folder above the item (root to parent), as points: "within folder" is one exact point query. */
    static final String ANCESTOR = "ancestor";

    static final String NAME = "name";
    static final String NAME_WORDS = "name_words";
    static final String NAME_GRAMS = "name_grams";
    static final String NAME_INFIXES = "name_infixes";
    /** The name's folded words joined by spaces, one term: suggestions rank "name starts with" first. */
    static final String NAME_KEY = "name_key";

    static final String NAME_SORT = "name_sort";
    static final String NAME_LENGTH = "name_length";
    static final String KIND = "kind";
    static final String CATEGORY = "category";
    static final String SIZE = "size";
    static final String MODIFIED = "modified";
    static final String CONTENT = "content";

    static final String FOLDER = "folder";
    static final String FILE = "file";

    /** Name words keep norms, so that among equal matches the shorter name scores higher; no frequencies needed. */
    private static final FieldType NAME_WORDS_TYPE = tokenized(IndexOptions.DOCS, false);
    /** N-grams and infixes only ever answer "does it match", scored by constants. */
    private static final FieldType NAME_PARTS_TYPE = tokenized(IndexOptions.DOCS, true);
    /** Content is scored by BM25, which needs frequencies and norms; no positions: there are no phrase queries. */
    private static final FieldType CONTENT_TYPE = tokenized(IndexOptions.DOCS_AND_FREQS, false);

    private IndexFields() {}

    private static FieldType tokenized(IndexOptions options, boolean omitNorms) {
        FieldType type = new FieldType();
        type.setTokenized(true);
        type.setStored(false);
        type.setIndexOptions(options);
        type.setOmitNorms(omitNorms);
        type.freeze();
        return type;
    }

    static Term idTerm(long id) {
        return new Term(ID, Long.toString(id));
    }

    static Document toDocument(IndexDoc item) {
        Document doc = new Document();
        doc.add(new StringField(ID, Long.toString(item.id()), Field.Store.NO));
        doc.add(new NumericDocValuesField(ID, item.id()));
        doc.add(new StoredField(ID, item.id()));
        doc.add(new StringField(OWNER, item.ownerId().toString(), Field.Store.NO));
        doc.add(new LongPoint(PARENT, item.parentId()));
        doc.add(new StoredField(PARENT, item.parentId()));
        long[] ancestors = item.ancestorIds();
        Arrays.stream(ancestors).distinct().forEach(ancestor -> doc.add(new LongPoint(ANCESTOR, ancestor)));
        if (Arrays.stream(ancestors).noneMatch(ancestor -> ancestor == item.parentId())) {
            doc.add(new LongPoint(ANCESTOR, item.parentId()));
        }
        addName(doc, Analysis.nfc(item.name()));
        doc.add(new StringField(KIND, item.folder() ? FOLDER : FILE, Field.Store.YES));
        doc.add(new StringField(CATEGORY, item.mimeCategory(), Field.Store.NO));
        doc.add(new LongPoint(SIZE, item.size()));
        doc.add(new NumericDocValuesField(SIZE, item.size()));
        long modified = item.modifiedAt().toEpochMilli();
        doc.add(new LongPoint(MODIFIED, modified));
        doc.add(new NumericDocValuesField(MODIFIED, modified));
        if (item.content() != null && !item.content().isBlank()) {
            doc.add(new Field(CONTENT, Analysis.nfc(item.content()), CONTENT_TYPE));
        }
        return doc;
    }

    private static void addName(Document doc, String name) {
        doc.add(new StoredField(NAME, name));
        doc.add(new Field(NAME_WORDS, name, NAME_WORDS_TYPE));
        doc.add(new Field(NAME_GRAMS, name, NAME_PARTS_TYPE));
        doc.add(new Field(NAME_INFIXES, name, NAME_PARTS_TYPE));
        doc.add(new StringField(NAME_KEY, Analysis.nameKey(name), Field.Store.NO));
        doc.add(new SortedDocValuesField(NAME_SORT, new BytesRef(Analysis.sortKey(name))));
        doc.add(new NumericDocValuesField(NAME_LENGTH, name.length()));
    }
}
