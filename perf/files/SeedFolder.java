import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * Fills one folder with N empty files in one statement, straight in the embedded database, keeping the bookkeeping
 * exact (the empty blob's reference count): creating 100,000 entries through the API would take minutes.
 * Usage: java -cp postgresql.jar SeedFolder.java JDBC_URL FOLDER_ID COUNT
 */
public class SeedFolder {
    static final String EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

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
            try (PreparedStatement files = c.prepareStatement("INSERT INTO nodes (id, owner_id, parent_id, path, kind,"
                    + " name, size, blob_hash, mime_type, etag, modified_at) SELECT s.id, p.owner_id, p.id,"
                    + " p.path || text2ltree(s.id::text), 'f', 'entry-' || lpad(s.i::text, 6, '0') || '.txt', 0, ?,"
                    + " 'text/plain', md5(s.id::text), now() - s.i * interval '1 second'"
                    + " FROM (SELECT nextval('nodes_id_seq') AS id, i FROM generate_series(1, ?) i) s, nodes p"
                    + " WHERE p.id = ?")) {
                files.setString(1, EMPTY);
                files.setInt(2, count);
                files.setLong(3, folder);
                System.out.println("inserted " + files.executeUpdate());
            }
            c.commit();
            try (var s = c.createStatement()) {
                s.execute("ANALYZE nodes");
            }
        }
    }
}
