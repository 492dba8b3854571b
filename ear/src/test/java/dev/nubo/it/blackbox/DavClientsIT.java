package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.TestUser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Real WebDAV clients against /dav/files/{user}/: rclone (a webdav remote, vendor "other": copy up, check, sync,
 * delete) and a scripted cadaver session. What they report is checked against what the files API then holds.
 */
@ExtendWith(SharedServer.class)
class DavClientsIT {
    final Api api = SharedServer.api();
    Path work;

    @BeforeEach
    void scratch() throws IOException {
        work = Files.createTempDirectory("dav-clients");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    record Run(int exit, String output) {}

    private Run run(Map<String, String> env, String stdin, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("%s finished", command[0]).isTrue();
        return new Run(p.exitValue(), out);
    }

    private String url(TestUser u) {
        return api.base.resolve("/dav/files/" + u.username() + "/").toString();
    }

    @Test
    void rclone_copyCheckSyncAndDelete() throws Exception {
        TestUser u = api.newUser("rclone");
        Map<String, String> env =
                Map.of("RCLONE_CONFIG", work.resolve("rclone.conf").toString());
        String obscured =
                run(env, null, "rclone", "obscure", u.password()).output().strip();
        assertThat(run(
                                env,
                                null,
                                "rclone",
                                "config",
                                "create",
                                "nubo",
                                "webdav",
                                "url=" + url(u),
                                "vendor=other",
                                "user=" + u.username(),
                                "pass=" + obscured)
                        .exit())
                .isZero();
        Path src = work.resolve("src");
        Files.createDirectories(src.resolve("sub/deeper"));
        Files.write(src.resolve("one.bin"), FilesClient.random(300_000, 1));
        Files.write(src.resolve("two.bin"), FilesClient.random(5, 2));
        Files.writeString(src.resolve("sub/a b#c&d.txt"), "awkward");
        Files.writeString(src.resolve("sub/deeper/été.txt"), "unicode");

        Run copy = run(env, null, "rclone", "copy", src.toString(), "nubo:up");
        assertThat(copy.exit()).as(copy.output()).isZero();
        Run check = run(env, null, "rclone", "check", src.toString(), "nubo:up");
        assertThat(check.exit()).as(check.output()).isZero();
        assertThat(check.output()).contains("4 matching files");

        Files.delete(src.resolve("two.bin"));
        Files.writeString(src.resolve("sub/new.txt"), "new");
        Run sync = run(env, null, "rclone", "sync", src.toString(), "nubo:up");
        assertThat(sync.exit()).as(sync.output()).isZero();
        Run listing = run(env, null, "rclone", "lsf", "-R", "nubo:up");
        assertThat(listing.output().lines().toList())
                .containsExactlyInAnyOrder(
                        "one.bin", "sub/", "sub/a b#c&d.txt", "sub/deeper/", "sub/deeper/été.txt", "sub/new.txt");

        FilesClient f = new FilesClient(api, u);
        long up = f.list(f.rootId(), null).stream()
                .filter(e -> "up".equals(MiniJson.at(e, "name")))
                .map(e -> FilesClient.num(e, "id"))
                .findFirst()
                .orElseThrow();
        assertThat(f.filesBeneath(up)).hasSize(4);

        Run purge = run(env, null, "rclone", "purge", "nubo:up");
        assertThat(purge.exit()).as(purge.output()).isZero();
        assertThat(f.names(f.rootId())).isEmpty();
        assertThat(f.trashed()).isNotEmpty();
    }

    @Test
    void cadaver_scriptedSession() throws Exception {
        TestUser u = api.newUser("cadaver");
        Path home = Files.createDirectory(work.resolve("home"));
        Path netrc = home.resolve(".netrc");
        Files.writeString(netrc, "machine 127.0.0.1\nlogin " + u.username() + "\npassword " + u.password() + "\n");
        Files.setPosixFilePermissions(netrc, PosixFilePermissions.fromString("rw-------"));
        Path payload = work.resolve("payload.txt");
        Files.writeString(payload, "cadaver payload\n");
        Path back = work.resolve("back.txt");
        List<String> script = new ArrayList<>(List.of(
                "mkcol box",
                "cd box",
                "put " + payload + " c.txt",
                "copy c.txt d.txt",
                "move d.txt e.txt",
                "lock e.txt",
                "unlock e.txt",
                "propset c.txt colour blue",
                "propget c.txt colour",
                "get c.txt " + back,
                "ls",
                "rm e.txt",
                "quit"));
        Run session = run(Map.of("HOME", home.toString()), String.join("\n", script) + "\n", "cadaver", url(u));
        assertThat(session.output())
                .contains("Creating `box': succeeded.")
                .contains("Copying `/dav/files/" + u.username() + "/box/c.txt'")
                .contains("Locking `e.txt': succeeded.")
                .contains("Unlocking `e.txt': succeeded.")
                .contains("Value of colour is: blue")
                .contains("Deleting `e.txt': succeeded.")
                .doesNotContain("failed");
        assertThat(Files.readString(back)).isEqualTo("cadaver payload\n");
        FilesClient f = new FilesClient(api, u);
        long box = FilesClient.num(f.list(f.rootId(), null).get(0), "id");
        assertThat(f.names(box)).containsExactly("c.txt");
    }
}
