package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.TestUser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Nextcloud clients against /nextcloud: Debian's nextcloudcmd (the desktop client's sync engine) uploads a
 * tree with a 64 MiB file it sends in chunks, a second replica syncs it down byte for byte, edits on both sides
 * converge, and a sync without changes transfers nothing; rclone with vendor=nextcloud copies, checks and syncs.
 */
@ExtendWith(SharedServer.class)
class NextcloudClientsIT {
    static final int BIG = 64 * 1024 * 1024;
    /** Names the clients must carry through URLs and XML unharmed. */
    static final List<String> NAMES = List.of(
            "plain %03d.txt",
            "hash #%03d.txt",
            "100%% done %03d.txt",
            "ünïcødé %03d.md",
            "日本語_%03d.txt",
            "emoji 🎉 %03d.txt",
            "with(parens)[%03d].csv",
            "x%03d");

    final Api api = SharedServer.api();
    Path work;

    @BeforeEach
    void scratch() throws IOException {
        work = Files.createTempDirectory("nc-clients");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    record Run(int exit, String output) {}

    private Run run(Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.redirectOutput(work.resolve("last-run.log").toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        boolean finished = p.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            p.destroyForcibly();
        }
        String out = Files.readString(work.resolve("last-run.log"), StandardCharsets.UTF_8);
        assertThat(finished)
                .as("%s finished; output: %s", command[0], tail(out))
                .isTrue();
        return new Run(p.exitValue(), out);
    }

    private static String tail(String out) {
        return out.length() > 6000 ? out.substring(out.length() - 6000) : out;
    }

    private String root() {
        return api.base.resolve("/nextcloud").toString();
    }

    private Run nextcloudcmd(TestUser u, String remote, Path local) throws Exception {
        return nextcloudcmd(u, remote, local, root());
    }

    private Run nextcloudcmd(TestUser u, String remote, Path local, String server) throws Exception {
        return run(
                Map.of("HOME", work.resolve("home").toString()),
                "nextcloudcmd",
                "--non-interactive",
                "-u",
                u.username(),
                "-p",
                u.password(),
                "--path",
                "/" + remote,
                "--max-sync-retries",
                "1",
                local.toString(),
                server);
    }

    /** Nested folders, an empty one, 200 small files with awkward names, and one 64 MiB file. */
    static void tree(Path dir) throws IOException {
        List<Path> dirs = List.of(
                dir,
                dir.resolve("top level"),
                dir.resolve("top level/sub dir ü"),
                dir.resolve("top level/sub dir ü/déep 深い #1"),
                dir.resolve("a/b/c"));
        for (Path d : dirs) {
            Files.createDirectories(d);
        }
        Files.createDirectories(dir.resolve("empty folder"));
        Random random = new Random(42);
        for (int i = 0; i < 200; i++) {
            Path d = dirs.get(i % dirs.size());
            byte[] content = new byte[100 + random.nextInt(4000)];
            random.nextBytes(content);
            Files.write(d.resolve(String.format(NAMES.get(i % NAMES.size()), i)), content);
        }
        byte[] block = new byte[1024 * 1024];
        try (var out = Files.newOutputStream(dir.resolve("top level/big 64MiB.bin"))) {
            for (int i = 0; i < BIG / block.length; i++) {
                random.nextBytes(block);
                out.write(block);
            }
        }
    }

    /** Every file and folder below {@code dir} with a SHA-256 of each file; folders map to "dir". */
    static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                String rel = dir.relativize(p).toString();
                String name = p.getFileName().toString();
                if (rel.isEmpty()
                        || name.startsWith(".sync_")
                        || name.startsWith("._sync_")
                        || name.equals(".nextcloudsync.log")) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    all.put(rel, "dir");
                } else {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    try (InputStream in = Files.newInputStream(p)) {
                        byte[] b = new byte[64 * 1024];
                        int n;
                        while ((n = in.read(b)) > 0) {
                            sha.update(b, 0, n);
                        }
                    }
                    all.put(rel, HexFormat.of().formatHex(sha.digest()));
                }
            }
        }
        return all;
    }

    @Test
    void nextcloudcmd_uploadsChunked_downloadsIdentical_andBothSidesConverge() throws Exception {
        TestUser u = api.newUser("ncmd");
        api.method("MKCOL", "/nextcloud/remote.php/dav/files/" + u.username() + "/sync")
                .basic(u)
                .send()
                .expect(201);
        Path r1 = work.resolve("r1");
        Path r2 = work.resolve("r2");
        tree(r1);
        Files.createDirectories(r2);
        Map<String, String> source = snapshot(r1);
        assertThat(source).hasSizeGreaterThan(200);

        Run up = nextcloudcmd(u, "sync", r1);
        assertThat(up.exit()).as(tail(up.output())).isZero();
        assertThat(up.output()).as("the 64 MiB file went in chunks").contains("remote.php/dav/uploads/");
        Run down = nextcloudcmd(u, "sync", r2);
        assertThat(down.exit()).as(tail(down.output())).isZero();
        assertThat(snapshot(r2)).isEqualTo(source);
        Path big = Path.of("top level/big 64MiB.bin");
        assertThat(Files.getLastModifiedTime(r2.resolve(big)).toMillis() / 1000)
                .as("mtime carried by X-OC-MTime")
                .isEqualTo(Files.getLastModifiedTime(r1.resolve(big)).toMillis() / 1000);

        // replica 1: edit, delete, rename a file and a folder, add
        Files.writeString(r1.resolve("top level/sub dir ü/" + String.format(NAMES.get(2), 2 + 48)), "edited on r1");
        Files.delete(r1.resolve("a/b/c/" + String.format(NAMES.get(4), 4)));
        Files.move(r1.resolve(String.format(NAMES.get(0), 0)), r1.resolve("renamed # 0.txt"));
        Files.move(r1.resolve("top level/sub dir ü/déep 深い #1"), r1.resolve("top level/sub dir ü/déep renamed 100%"));
        Files.writeString(r1.resolve("empty folder/new ✓.txt"), "new on r1");
        assertThat(nextcloudcmd(u, "sync", r1).exit()).isZero();
        assertThat(nextcloudcmd(u, "sync", r2).exit()).isZero();
        assertThat(snapshot(r2)).isEqualTo(snapshot(r1));

        // replica 2: delete a folder, move a file across folders, edit, add a folder
        // (the new folder is made before the delete: the client tells moves by inode, and a folder made right
        // after one is deleted can get its inode, which makes the client take it for a move of the deleted one)
        Files.createDirectories(r2.resolve("new dir ñ"));
        Files.writeString(r2.resolve("new dir ñ/n.txt"), "new on r2");
        deleteTree(r2.resolve("a/b"));
        Files.move(r2.resolve(String.format(NAMES.get(5), 5 + 40)), r2.resolve("top level/moved 🎉.txt"));
        Files.writeString(r2.resolve("renamed # 0.txt"), "edited on r2");
        assertThat(nextcloudcmd(u, "sync", r2).exit()).isZero();
        assertThat(nextcloudcmd(u, "sync", r1).exit()).isZero();
        Map<String, String> converged = snapshot(r1);
        assertThat(converged).isEqualTo(snapshot(r2));
        assertThat(converged).containsKey("new dir ñ/n.txt").doesNotContainKey("a/b");

        Run again = nextcloudcmd(u, "sync", r1);
        assertThat(again.exit()).isZero();
        assertThat(again.output().lines().filter(l -> l.contains("Starting") && l.contains("propagation of")))
                .as("a sync without changes transfers nothing")
                .isEmpty();
    }

    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Test
    void rclone_vendorNextcloud_copiesChecksAndSyncs() throws Exception {
        TestUser u = api.newUser("ncrclone");
        Map<String, String> env =
                Map.of("RCLONE_CONFIG", work.resolve("rclone.conf").toString());
        String obscured = run(env, "rclone", "obscure", u.password()).output().strip();
        Run config = run(
                env,
                "rclone",
                "config",
                "create",
                "nc",
                "webdav",
                "url=" + api.base.resolve("/nextcloud/remote.php/dav/files/" + u.username()),
                "vendor=nextcloud",
                "user=" + u.username(),
                "pass=" + obscured);
        assertThat(config.exit()).as(config.output()).isZero();
        Path src = work.resolve("src");
        Files.createDirectories(src.resolve("sub/deeper"));
        Random random = new Random(7);
        byte[] large = new byte[BIG];
        random.nextBytes(large);
        Files.write(src.resolve("large 64MiB.bin"), large);
        Files.writeString(src.resolve("sub/a b#c%d.txt"), "awkward");
        Files.writeString(src.resolve("sub/deeper/été.txt"), "unicode");
        List<String> more = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            more.add("f" + i + ".txt");
            Files.writeString(src.resolve(more.get(i)), "file " + i);
        }

        Run copy = run(env, "rclone", "copy", src.toString(), "nc:up");
        assertThat(copy.exit()).as(copy.output()).isZero();
        Run check = run(env, "rclone", "check", src.toString(), "nc:up");
        assertThat(check.exit()).as(check.output()).isZero();
        assertThat(check.output()).contains("23 matching files");
        Run bytes = run(env, "rclone", "check", "--download", src.toString(), "nc:up");
        assertThat(bytes.exit()).as(bytes.output()).isZero();

        Files.delete(src.resolve("f3.txt"));
        Files.writeString(src.resolve("f4.txt"), "changed content");
        Files.writeString(src.resolve("sub/new.txt"), "new");
        Run sync = run(env, "rclone", "sync", src.toString(), "nc:up");
        assertThat(sync.exit()).as(sync.output()).isZero();
        Run after = run(env, "rclone", "check", "--download", src.toString(), "nc:up");
        assertThat(after.exit()).as(after.output()).isZero();
        Run modtime = run(env, "rclone", "lsl", "nc:up/f4.txt");
        Run local = run(env, "rclone", "lsl", src.resolve("f4.txt").toString());
        assertThat(modtime.output().strip().split("\\s+")[2])
                .as("mtime kept through X-OC-MTime: %s vs %s", modtime.output(), local.output())
                .startsWith(local.output().strip().split("\\s+")[2].substring(0, 8));
        Run purge = run(env, "rclone", "purge", "nc:up");
        assertThat(purge.exit()).as(purge.output()).isZero();
    }

    @Test
    void nextcloudcmd_givenTheBareHost_followsTheRedirects() throws Exception {
        TestUser u = api.newUser("ncbare");
        api.method("MKCOL", "/nextcloud/remote.php/dav/files/" + u.username() + "/bare")
                .basic(u)
                .send()
                .expect(201);
        Path local = work.resolve("bare");
        Files.createDirectories(local.resolve("sub"));
        Files.writeString(local.resolve("sub/one #1.txt"), "one");
        Run r = nextcloudcmd(u, "bare", local, api.base.resolve("/").toString());
        assertThat(r.exit()).as(tail(r.output())).isZero();
        assertThat(r.output()).contains("permanently redirected");
        api.get("/nextcloud/remote.php/dav/files/" + u.username() + "/bare/sub/one%20%231.txt")
                .basic(u)
                .send()
                .expect(200);
    }
}
