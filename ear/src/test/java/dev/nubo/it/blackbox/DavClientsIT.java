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
 * delete), a scripted cadaver session, and GNOME's gvfs (gio in a private D-Bus session: mount, copy, mkdir, move,
 * rename, remove). What they report is checked against what the files API then holds.
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

    @Test
    void gnomeGvfs_mountCopyMoveRenameAndRemove() throws Exception {
        TestUser u = api.newUser("gvfs");
        String dav = "dav://" + u.username() + "@127.0.0.1:" + api.base.getPort() + "/dav/files/" + u.username() + "/";
        Path local = work.resolve("local été.txt");
        Files.writeString(local, "from gnome\n");
        Path script = work.resolve("gio.sh");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "set -u",
                        "U='" + dav + "'",
                        "printf '%s\\n' \"$NUBO_PASS\" | gio mount \"$U\" || { echo MOUNT-FAILED; exit 1; }",
                        "step() { \"$@\" && echo \"OK $1 $2\" || echo \"FAILED $*\"; }",
                        "step gio mkdir \"${U}docs\"",
                        "step gio copy '" + local + "' \"${U}docs/r%C3%A9sum%C3%A9%20one.txt\"",
                        "step gio copy \"${U}docs/r%C3%A9sum%C3%A9%20one.txt\" \"${U}docs/two.txt\"",
                        "step gio move \"${U}docs/two.txt\" \"${U}three.txt\"",
                        "step gio rename \"${U}docs\" papers",
                        "echo \"CAT $(gio cat \"${U}papers/r%C3%A9sum%C3%A9%20one.txt\")\"",
                        "gio info -a standard::size \"${U}three.txt\" | sed -n 's/.*standard::size: /SIZE /p'",
                        "gio list \"${U}papers/\" | sed 's/^/LIST /'",
                        "step gio remove \"${U}three.txt\"",
                        "gio mount -u \"$U\"",
                        ""));
        Run session = run(
                Map.of("NUBO_PASS", u.password(), "GIO_USE_VFS", "gvfs"),
                null,
                "timeout",
                "120",
                "dbus-run-session",
                "--",
                "bash",
                script.toString());
        assertThat(session.output())
                .as(session.output())
                .doesNotContain("MOUNT-FAILED")
                .doesNotContain("FAILED")
                .contains("OK gio mkdir", "OK gio copy", "OK gio move", "OK gio rename", "OK gio remove")
                .contains("CAT from gnome")
                .contains("SIZE 11")
                .contains("LIST résumé one.txt");
        FilesClient f = new FilesClient(api, u);
        assertThat(f.names(f.rootId())).containsExactly("papers");
        long papers = FilesClient.num(f.list(f.rootId(), null).get(0), "id");
        assertThat(f.names(papers)).containsExactly("résumé one.txt");
        assertThat(f.trashed()).isNotEmpty();
    }
}
