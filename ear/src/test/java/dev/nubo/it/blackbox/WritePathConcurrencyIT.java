package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The write path without a hot row (docs/write-path.md), under contention: 32 writers into one folder and 32 writers
 * into 32 folders of one user (each also making a subfolder and writing into it), over REST and WebDAV, against a
 * quota that lets only part of it in. No upload overshoots the quota, every upload answered 201 is there with its
 * bytes, every answer came after the etags of the folders above had changed, and afterwards the database is
 * consistent over the whole tree: each folder's size is the sum of what it holds, the user's usage is the sum of
 * their files, no hold or tree change is left over.
 */
@ExtendWith(SharedServer.class)
class WritePathConcurrencyIT {
    static final int WRITERS = 32;
    static final int PER_WRITER = 3;
    static final int SIZE = 8_000;
    /** Of the 64 x 3 uploads (1.5 MB), about two thirds fit. */
    static final long QUOTA = 128L * SIZE + 3_000;

    final Api api = SharedServer.api();

    /** One upload as sent and as answered, with the folder etags before it and after its answer. */
    record Attempt(
            long folder,
            String name,
            byte[] data,
            int status,
            String sha256,
            List<String> before,
            List<String> after) {}

    @Test
    void writersOfOneUserNeverOvershootLoseOrLeaveStaleEtags() throws Exception {
        FilesClient user = FilesClient.newUser(api, "write-race", QUOTA);
        long root = user.rootId();
        long shared = user.mkdir(root, "one");
        List<Long> own = new ArrayList<>();
        for (int t = 0; t < WRITERS; t++) {
            own.add(user.mkdir(root, "f" + t));
        }

        List<Attempt> attempts = Race.run(2 * WRITERS, java.time.Duration.ofMinutes(3), t -> {
            List<Attempt> mine = new ArrayList<>();
            boolean intoShared = t < WRITERS;
            long folder = intoShared ? shared : own.get(t - WRITERS);
            String folderPath = intoShared ? "one" : "f" + (t - WRITERS);
            if (!intoShared) {
                // a new folder while the others write: a write of its own, and a place for the last upload
                Res made = user.as(
                                api.method("MKCOL", "/dav/files/" + user.user.username() + "/" + folderPath + "/sub/"))
                        .send();
                assertThat(made.status()).as("MKCOL of %s/sub", folderPath).isEqualTo(201);
            }
            for (int i = 0; i < PER_WRITER; i++) {
                String name = "w" + t + "-" + i + ".bin";
                byte[] data = FilesClient.random(SIZE + t, 31L * t + i);
                boolean dav = (t + i) % 2 == 0;
                boolean deeper = !intoShared && i == PER_WRITER - 1;
                long target = deeper ? childId(user, folder, "sub") : folder;
                List<Long> above = deeper ? List.of(root, folder, target) : List.of(root, folder);
                List<String> before = etags(user, above);
                Res r = dav
                        ? user.as(api.put("/dav/files/" + user.user.username() + "/" + folderPath
                                        + (deeper ? "/sub/" : "/") + name))
                                .bytes("application/octet-stream", data)
                                .send()
                        : user.upload(target, name, data, "fail");
                List<String> after = r.status() == 201 ? etags(user, above) : before;
                if (r.status() != 201) {
                    assertThat(r.status())
                            .as("a refused upload is 507, not %s: %s", r.status(), r.body())
                            .isEqualTo(507);
                }
                mine.add(new Attempt(target, name, data, r.status(), FilesClient.sha256(data), before, after));
            }
            return mine;
        });

        List<Attempt> accepted =
                attempts.stream().filter(a -> a.status() == 201).toList();
        long acceptedBytes = accepted.stream().mapToLong(a -> a.data().length).sum();
        assertThat(acceptedBytes).as("bytes answered 201 against the quota").isLessThanOrEqualTo(QUOTA);
        assertThat(accepted.size())
                .as("some uploads fit and some do not")
                .isBetween(100, 2 * WRITERS * PER_WRITER - 20);
        for (Attempt a : accepted) {
            for (int i = 0; i < a.before().size(); i++) {
                assertThat(a.after().get(i))
                        .as("etag of folder %d above %s once its upload was answered", i, a.name())
                        .isNotEqualTo(a.before().get(i));
            }
            long id = childId(user, a.folder(), a.name());
            assertThat(FilesClient.sha256(user.download(id)))
                    .as("content of %s", a.name())
                    .isEqualTo(a.sha256());
        }
        Res usage = user.usage();
        assertThat(usage.num("usedBytes"))
                .as("usage vs. the bytes answered 201")
                .isEqualTo(acceptedBytes);

        try (Connection db = database()) {
            UUID owner = UUID.fromString(user.user.id());
            assertThat(rows(
                            db,
                            "SELECT f.id, f.size, (SELECT coalesce(sum(c.size), 0) FROM nodes c"
                                    + " WHERE c.parent_id = f.id AND c.trashed_at IS NULL) FROM nodes f"
                                    + " WHERE f.owner_id = ? AND f.kind = 'd' AND f.size <> (SELECT coalesce(sum(c.size), 0)"
                                    + " FROM nodes c WHERE c.parent_id = f.id AND c.trashed_at IS NULL)",
                            owner))
                    .as("folders whose size is not the sum of what they hold: id, size, sum")
                    .isEmpty();
            assertThat(rows(
                            db,
                            "SELECT u.used_bytes, (SELECT coalesce(sum(size), 0) FROM nodes"
                                    + " WHERE owner_id = u.id AND kind = 'f') FROM users u WHERE u.id = ? AND u.used_bytes <>"
                                    + " (SELECT coalesce(sum(size), 0) FROM nodes WHERE owner_id = u.id AND kind = 'f')",
                            owner))
                    .as("usage that is not the sum of the user's files: used, sum")
                    .isEmpty();
            assertThat(rows(
                            db,
                            "SELECT f.id FROM nodes f JOIN nodes c ON c.parent_id = f.id"
                                    + " WHERE f.owner_id = ? AND c.modified_at > f.modified_at",
                            owner))
                    .as("folders older than something they hold (a change not propagated)")
                    .isEmpty();
            assertThat(rows(db, "SELECT id FROM write_holds WHERE owner_id = ?", owner))
                    .as("holds left over")
                    .isEmpty();
            assertThat(rows(db, "SELECT id FROM tree_changes WHERE owner_id = ?", owner))
                    .as("tree changes left unfolded")
                    .isEmpty();
            assertThat(rows(
                            db,
                            "SELECT b.hash, b.ref_count, (SELECT count(*) FROM nodes n WHERE n.blob_hash = b.hash)"
                                    + " FROM blobs b WHERE b.hash IN (SELECT blob_hash FROM nodes WHERE owner_id = ?)"
                                    + " AND b.ref_count <> (SELECT count(*) FROM nodes n WHERE n.blob_hash = b.hash)",
                            owner))
                    .as("blobs whose reference count is not the nodes using them")
                    .isEmpty();
        }
    }

    private long childId(FilesClient user, long folder, String name) {
        return user.list(folder, null).stream()
                .filter(e -> name.equals(FilesClient.str(e, "name")))
                .mapToLong(e -> FilesClient.num(e, "id"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not in folder " + folder));
    }

    private static List<String> etags(FilesClient user, List<Long> ids) {
        return ids.stream()
                .map(id -> user.node(id).expect(200).str("node.etag"))
                .toList();
    }

    /** The shared server's database, as the application reaches it (the embedded server trusts local logins). */
    private Connection database() throws Exception {
        String url =
                api.asAdmin(api.get("/api/admin/settings")).send().expect(200).str("server.databaseUrl");
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        return DriverManager.getConnection(url, p);
    }

    private static List<List<Object>> rows(Connection db, String sql, UUID owner) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        try (PreparedStatement s = db.prepareStatement(sql)) {
            s.setObject(1, owner);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    out.add(row);
                }
            }
        }
        return out;
    }
}
