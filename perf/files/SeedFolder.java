import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * Fills one folder with N empty files in one statement, straight in the embedded database, keeping the bookkeeping
 * exact (the empty blob's reference count): creating 100,000 entries through the API would take minutes.
 * Names are entry-000001.txt, ... or, with "words" (the search benchmark), "Word1_word2 000001.ext" with the two
 * words picked by different strides through a list of English and French words, accented ones among them.
 * Usage: java -cp postgresql.jar SeedFolder.java JDBC_URL FOLDER_ID COUNT [words]
 */
public class SeedFolder {
    static final String EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    static final String WORDS = "{rapport,budget,été,photo,vacances,invoice,résumé,contract,meeting,notes,plan,"
            + "draft,final,review,projet,données,analyse,summary,design,roadmap,équipe,client,offre,facture,"
            + "agenda,minutes,slides,présentation,archive,backup,scan,receipt,quote,brief,spec,manual,guide,"
            + "report,année,hiver,printemps,automne,château,forêt,garçon,naïve,café,crème}";
    static final String ENTRY_NAME = "'entry-' || lpad(s.i::text, 6, '0') || '.txt'";
    static final String WORD_NAME = "initcap(w[1 + s.i % cardinality(w)]) || '_' || w[1 + (s.i * 7 / 3)"
            + " % cardinality(w)] || ' ' || lpad(s.i::text, 6, '0') || (ARRAY['.txt', '.pdf', '.jpg', '.docx', '.md'])"
            + "[1 + s.i % 5]";

    public static void main(String[] args) throws Exception {
        long folder = Long.parseLong(args[1]);
        int count = Integer.parseInt(args[2]);
        try (Connection c = DriverManager.getConnection(args[0], "postgres", "")) {
            c.setAutoCommit(false);
            try (PreparedStatement blob = c.prepareStatement("INSERT INTO blobs (hash, size, ref_count, unreferenced_since)"
                    + " VALUES (?, 0, ?, NULL) ON CONFLICT (hash) DO UPDATE SET ref_count = blobs.ref_count + ?,"
                    + " unreferenced_since = NULL")) {
                blob.setString(1, EMPTY);
                blob.setInt(2, count);
                blob.setInt(3, count);
                blob.executeUpdate();
            }
            boolean words = args.length > 3 && args[3].equals("words");
            try (PreparedStatement files = c.prepareStatement("INSERT INTO nodes (id, owner_id, parent_id, path, kind,"
                    + " name, size, blob_hash, mime_type, etag, modified_at) SELECT s.id, p.owner_id, p.id,"
                    + " p.path || text2ltree(s.id::text), 'f', " + (words ? WORD_NAME : ENTRY_NAME) + ", 0, ?,"
                    // no text to extract for the search benchmark's names: they measure the name index
                    + (words ? " 'application/octet-stream'" : " 'text/plain'") + ", md5(s.id::text), now() - s.i * interval '1 second'"
                    + " FROM (SELECT nextval('nodes_id_seq') AS id, i FROM generate_series(1, ?) i) s, nodes p,"
                    + " (SELECT CAST(? AS text[]) AS w) list WHERE p.id = ?")) {
                files.setString(1, EMPTY);
                files.setInt(2, count);
                files.setString(3, WORDS);
                files.setLong(4, folder);
                System.out.println("inserted " + files.executeUpdate());
            }
            c.commit();
            try (var s = c.createStatement()) {
                s.execute("ANALYZE nodes");
            }
        }
    }
}
