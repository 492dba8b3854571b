package dev.nubo.micro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileTree;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.db.DatabaseResources;
import dev.nubo.trash.api.Trash;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserService;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bookkeeping the storage engine keeps in SQL stays exact through every kind of write: blob reference counts
 * equal the file rows using each blob, a user's usage equals the sum of their files (trash included), every folder's
 * size equals the live files beneath it, and every path is its parent's path plus its own id.
 */
@ExtendWith(ArquillianExtension.class)
class FilesInvariantsArqIT {
    @Deployment
    static WebArchive deployment() {
        return FoundationArqIT.deployment().addClass(FilesInvariantsArqIT.class);
    }

    @Inject
    FileTree tree;

    @Inject
    FileContent content;

    @Inject
    Trash trash;

    @Inject
    UserService users;

    @Resource(lookup = DatabaseResources.JNDI_NAME)
    DataSource dataSource;

    private final Random random = new Random(42);

    private UUID newUser() {
        return users.create(new NewUser(
                        "inv-" + UUID.randomUUID().toString().substring(0, 8),
                        "password-123",
                        null,
                        null,
                        Role.USER,
                        null))
                .id();
    }

    private NodeView put(UUID user, long parent, String name, byte[] data, ConflictMode mode) throws IOException {
        return content.upload(
                new FileContent.Upload(
                        user,
                        parent,
                        NodeName.of(name),
                        mode,
                        Optional.of((long) data.length),
                        Optional.empty(),
                        Optional.empty()),
                new ByteArrayInputStream(data));
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    @Test
    void everyKindOfWrite_keepsCountsUsageSizesAndPathsExact() throws Exception {
        UUID u = newUser();
        UUID other = newUser();
        long root = tree.root(u).id();
        long a = tree.createFolder(u, root, NodeName.of("a")).id();
        long b = tree.createFolder(u, a, NodeName.of("b")).id();
        byte[] shared = bytes(4096);
        put(u, a, "one.bin", shared, ConflictMode.FAIL);
        put(u, b, "two.bin", bytes(1000), ConflictMode.FAIL);
        put(other, tree.root(other).id(), "same.bin", shared, ConflictMode.FAIL);
        assertInvariants("uploads");

        put(u, b, "two.bin", bytes(3000), ConflictMode.OVERWRITE);
        put(u, b, "two.bin", shared, ConflictMode.KEEP_BOTH);
        assertInvariants("overwrite and keep-both");

        NodeView copy = tree.copy(u, a, root, Optional.of(NodeName.of("a-copy")), ConflictMode.FAIL);
        assertThat(copy.size()).isEqualTo(tree.get(u, a).size());
        assertInvariants("copy of a subtree");

        long c = tree.createFolder(u, root, NodeName.of("c")).id();
        tree.move(u, b, c, Optional.empty());
        assertInvariants("move");

        tree.trash(u, c);
        assertInvariants("trash a folder");
        long inCopy = tree.list(u, copy.id(), Optional.empty(), 10).entries().stream()
                .filter(n -> !n.folder())
                .findFirst()
                .orElseThrow()
                .id();
        tree.trash(u, inCopy);
        assertInvariants("trash a file");
        trash.restore(u, c);
        assertInvariants("restore");
        trash.purge(u, inCopy);
        assertInvariants("purge one");
        tree.trash(u, a);
        assertThat(trash.empty(u)).isEqualTo(1);
        assertInvariants("empty");
        assertThat(count("SELECT count(*) FROM nodes WHERE owner_id = '" + u + "' AND kind = 'f'"))
                .as("files left: c/b/two.bin, c/b/two (1).bin, a-copy/b/two.bin, a-copy/b/two (1).bin")
                .isEqualTo(4);
        users.delete(other);
        assertInvariants("deleting a user");
    }

    @Test
    void theEmbeddedDatabase_keepsCommitsDurable() throws SQLException {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            assertThat(value(s, "SHOW fsync")).isEqualTo("on");
            assertThat(value(s, "SHOW synchronous_commit")).isEqualTo("on");
        }
    }

    private static String value(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private long count(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void assertInvariants(String after) throws SQLException {
        List<String> problems = new ArrayList<>();
        problems.addAll(rows(
                "SELECT 'blob ' || b.hash || ' counts ' || b.ref_count || ' but ' || count(n.id) || ' files use it'"
                        + " FROM blobs b LEFT JOIN nodes n ON n.blob_hash = b.hash GROUP BY b.hash, b.ref_count"
                        + " HAVING b.ref_count <> count(n.id)"));
        problems.addAll(rows("SELECT 'user ' || u.username || ' uses ' || u.used_bytes || ' but owns '"
                + " || coalesce(sum(n.size), 0) FROM users u LEFT JOIN nodes n ON n.owner_id = u.id AND n.kind = 'f'"
                + " GROUP BY u.id HAVING u.used_bytes <> coalesce(sum(n.size), 0)"));
        problems.addAll(rows("SELECT 'folder ' || d.id || ' says ' || d.size || ' but holds ' || coalesce((SELECT"
                + " sum(f.size) FROM nodes f WHERE f.kind = 'f' AND f.path <@ d.path AND NOT EXISTS (SELECT 1 FROM"
                + " nodes t WHERE t.path @> f.path AND t.path <> d.path AND t.path <@ d.path AND t.trashed_at IS NOT"
                + " NULL)), 0) FROM nodes d WHERE d.kind = 'd' AND d.size <> coalesce((SELECT sum(f.size) FROM nodes f"
                + " WHERE f.kind = 'f' AND f.path <@ d.path AND NOT EXISTS (SELECT 1 FROM nodes t WHERE t.path @>"
                + " f.path AND t.path <> d.path AND t.path <@ d.path AND t.trashed_at IS NOT NULL)), 0)"));
        problems.addAll(rows("SELECT 'node ' || n.id || ' has path ' || n.path FROM nodes n JOIN nodes p ON p.id ="
                + " n.parent_id WHERE n.path <> p.path || text2ltree(n.id::text) OR n.owner_id <> p.owner_id"));
        assertThat(problems).as("after " + after).isEmpty();
    }

    private List<String> rows(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
