package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Downloads handed to the container's sendfile: the zero-copy path is taken on the uber-jar, several responses of
 * either path follow each other correctly on one kept-alive connection, and clients that hang up mid-file leave no
 * open file, no stuck response and no error in the log; through REST, WebDAV and the Nextcloud dialect, which share
 * the hand-off. Raw sockets, so the connection is under the test's control.
 */
@ExtendWith(ServerLogs.class)
class DownloadTransferIT {
    static final int BIG = 24 << 20;
    static final Duration SETTLE = Duration.ofSeconds(20);

    static NuboProcess server;
    static FilesClient user;
    static byte[] big;
    static long bigId;
    static long emptyId;

    @BeforeAll
    static void start() {
        // a small heap: WebDAV hands large bodies to sendfile only then (GetMethod.SMALL_HEAP)
        server = NuboProcess.startHealthy("downloads", Map.of("NUBO_HEAP", "512m"));
        user = FilesClient.newUser(server.api(), "dl", null);
        long root = user.rootId();
        big = FilesClient.random(BIG, 42);
        bigId = user.uploadOk(root, "big.bin", big);
        emptyId = user.uploadOk(root, "empty.txt", new byte[0]);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void theUberJarUsesSendfile() {
        assertThat(user.download(bigId)).isEqualTo(big);
        assertThat(server.output())
                .as("the download went through the container's sendfile, not a heap copy")
                .contains("downloads use the container's sendfile")
                .doesNotContain("downloads are copied through a buffer");
    }

    @Test
    void oneConnection_carriesWholeFilesRangesEmptyFilesJsonAndHeadInTurn() throws IOException {
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            for (int round = 0; round < 3; round++) {
                request(out, "GET", "/api/files/" + bigId + "/content", Map.of());
                Reply whole = Reply.read(in, false);
                assertThat(whole.status).isEqualTo(200);
                assertThat(whole.body).isEqualTo(big);
                assertThat(whole.headers.get("content-length")).isEqualTo(String.valueOf(BIG));
                assertThat(whole.headers.get("etag")).startsWith("\"");
                assertThat(whole.headers.get("content-disposition")).contains("big.bin");
                assertThat(whole.headers).doesNotContainKey("content-encoding");

                request(out, "GET", "/api/files/" + bigId + "/content", Map.of("Range", "bytes=1000000-1999999"));
                Reply range = Reply.read(in, false);
                assertThat(range.status).isEqualTo(206);
                assertThat(range.headers.get("content-range")).isEqualTo("bytes 1000000-1999999/" + BIG);
                assertThat(range.body).isEqualTo(Arrays.copyOfRange(big, 1_000_000, 2_000_000));
                assertThat(range.headers.get("content-length")).isEqualTo("1000000");

                request(out, "GET", "/api/files/" + bigId + "/content", Map.of("Range", "bytes=-7"));
                Reply tail = Reply.read(in, false);
                assertThat(tail.status).isEqualTo(206);
                assertThat(tail.body).isEqualTo(Arrays.copyOfRange(big, BIG - 7, BIG));

                request(out, "GET", "/api/files/" + emptyId + "/content", Map.of());
                Reply empty = Reply.read(in, false);
                assertThat(empty.status).isEqualTo(200);
                assertThat(empty.body).isEmpty();

                request(out, "GET", "/api/files/" + bigId, Map.of());
                Reply json = Reply.read(in, false);
                assertThat(json.status).isEqualTo(200);
                assertThat(new String(json.body, StandardCharsets.UTF_8)).contains("\"big.bin\"");

                request(out, "HEAD", "/api/files/" + bigId + "/content", Map.of());
                Reply head = Reply.read(in, true);
                assertThat(head.status).isEqualTo(200);
                assertThat(head.headers.get("content-length")).isEqualTo(String.valueOf(BIG));
            }
        }
    }

    /** WebDAV and the Nextcloud dialect: GETs of either path, PROPFINDs and HEADs in turn on one connection. */
    @ParameterizedTest
    @ValueSource(strings = {"/dav/files/", "/nextcloud/remote.php/dav/files/"})
    void oneDavConnection_carriesWholeFilesRangesEmptyFilesPropfindsAndHeadInTurn(String files) throws IOException {
        String home = files + user.user.username() + "/";
        try (Socket s = connect()) {
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            for (int round = 0; round < 3; round++) {
                request(out, "GET", home + "big.bin", Map.of());
                Reply whole = Reply.read(in, false);
                assertThat(whole.status).isEqualTo(200);
                assertThat(whole.body).isEqualTo(big);
                assertThat(whole.headers.get("content-length")).isEqualTo(String.valueOf(BIG));
                assertThat(whole.headers.get("etag")).startsWith("\"");
                assertThat(whole.headers.get("content-type")).isNotBlank();

                request(out, "GET", home + "big.bin", Map.of("Range", "bytes=1000000-1999999"));
                Reply range = Reply.read(in, false);
                assertThat(range.status).isEqualTo(206);
                assertThat(range.headers.get("content-range")).isEqualTo("bytes 1000000-1999999/" + BIG);
                assertThat(range.body).isEqualTo(Arrays.copyOfRange(big, 1_000_000, 2_000_000));
                assertThat(range.headers.get("content-length")).isEqualTo("1000000");

                request(out, "GET", home + "big.bin", Map.of("Range", "bytes=-7"));
                Reply tail = Reply.read(in, false);
                assertThat(tail.status).isEqualTo(206);
                assertThat(tail.body).isEqualTo(Arrays.copyOfRange(big, BIG - 7, BIG));

                request(out, "GET", home + "big.bin", Map.of("Range", "bytes=0-0,20000000-20000009"));
                Reply several = Reply.read(in, false);
                assertThat(several.status).isEqualTo(206);
                String contentType = several.headers.get("content-type");
                assertThat(contentType).startsWith("multipart/byteranges; boundary=");
                String boundary = contentType.substring(contentType.indexOf('=') + 1);
                String type = whole.headers.get("content-type");
                byte[] expected = concat(
                        ascii("\r\n--" + boundary + "\r\nContent-Type: " + type + "\r\nContent-Range: bytes 0-0/" + BIG
                                + "\r\n\r\n"),
                        Arrays.copyOfRange(big, 0, 1),
                        ascii("\r\n--" + boundary + "\r\nContent-Type: " + type
                                + "\r\nContent-Range: bytes 20000000-20000009/" + BIG + "\r\n\r\n"),
                        Arrays.copyOfRange(big, 20_000_000, 20_000_010),
                        ascii("\r\n--" + boundary + "--\r\n"));
                assertThat(several.body)
                        .as("multipart/byteranges, byte for byte")
                        .isEqualTo(expected);
                assertThat(several.headers.get("content-length")).isEqualTo(String.valueOf(expected.length));

                request(
                        out,
                        "GET",
                        home + "big.bin",
                        Map.of("Range", "bytes=5-9", "If-Range", whole.headers.get("etag")));
                Reply current = Reply.read(in, false);
                assertThat(current.status)
                        .as("If-Range with the current etag: the range")
                        .isEqualTo(206);
                assertThat(current.body).isEqualTo(Arrays.copyOfRange(big, 5, 10));

                request(out, "GET", home + "big.bin", Map.of("Range", "bytes=5-9", "If-Range", "\"stale\""));
                Reply stale = Reply.read(in, false);
                assertThat(stale.status)
                        .as("If-Range with another etag: the whole file")
                        .isEqualTo(200);
                assertThat(stale.body).isEqualTo(big);

                request(out, "GET", home + "empty.txt", Map.of());
                Reply empty = Reply.read(in, false);
                assertThat(empty.status).isEqualTo(200);
                assertThat(empty.body).isEmpty();

                request(out, "PROPFIND", home + "big.bin", Map.of("Depth", "0", "Content-Length", "0"));
                Reply props = Reply.read(in, false);
                assertThat(props.status).isEqualTo(207);
                assertThat(new String(props.body, StandardCharsets.UTF_8)).contains(String.valueOf(BIG));

                request(out, "HEAD", home + "big.bin", Map.of());
                Reply head = Reply.read(in, true);
                assertThat(head.status).isEqualTo(200);
                assertThat(head.headers.get("content-length")).isEqualTo(String.valueOf(BIG));

                request(out, "GET", home + "big.bin", Map.of("If-None-Match", whole.headers.get("etag")));
                Reply unchanged = Reply.read(in, true);
                assertThat(unchanged.status).isEqualTo(304);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/api/files/%d/content", "/dav/files/%s/big.bin", "/nextcloud/remote.php/dav/files/%s/big.bin"})
    void clientsThatHangUpMidFile_leaveNoOpenFileAndNoError(String pattern) throws Exception {
        String path = pattern.contains("%d") ? pattern.formatted(bigId) : pattern.formatted(user.user.username());
        long before = openFiles();
        int logStart = server.output().length();
        for (int i = 0; i < 40; i++) {
            try (Socket s = connect()) {
                if (i % 2 == 0) {
                    s.setSoLinger(true, 0); // a reset rather than a clean close
                }
                request(s.getOutputStream(), "GET", path, Map.of());
                s.getInputStream().readNBytes(64 * 1024);
            }
        }
        long deadline = System.nanoTime() + SETTLE.toNanos();
        long now = openFiles();
        while (now > before + 4 && System.nanoTime() < deadline) {
            NuboProcess.sleep(Duration.ofMillis(200));
            now = openFiles();
        }
        assertThat(now)
                .as("open files of the server after 40 abandoned downloads (%d before)", before)
                .isLessThanOrEqualTo(before + 4);
        assertThat(user.download(bigId)).isEqualTo(big);
        String log = server.output().substring(logStart);
        assertThat(log).as("log after the hang-ups").doesNotContain("SEVERE").doesNotContain("Exception");
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        return all.toByteArray();
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(server.pid()), "fd"))) {
            return fds.count();
        }
    }

    private static Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", server.base().getPort()), 5_000);
        s.setSoTimeout(30_000);
        return s;
    }

    private static void request(OutputStream out, String method, String path, Map<String, String> headers)
            throws IOException {
        String auth = Base64.getEncoder()
                .encodeToString((user.user.username() + ":" + user.user.password()).getBytes(StandardCharsets.UTF_8));
        StringBuilder sb = new StringBuilder()
                .append(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic ")
                .append(auth)
                .append("\r\n");
        headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        out.write(sb.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** One HTTP/1.1 response read off the connection: a Content-Length or a chunked body (no trailers). */
    record Reply(int status, Map<String, String> headers, byte[] body) {
        static Reply read(InputStream in, boolean head) throws IOException {
            String statusLine = line(in);
            assertThat(statusLine).as("status line").startsWith("HTTP/1.1 ");
            int status = Integer.parseInt(statusLine.substring(9, 12));
            Map<String, String> headers = new LinkedHashMap<>();
            for (String l = line(in); !l.isEmpty(); l = line(in)) {
                int colon = l.indexOf(':');
                headers.merge(
                        l.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        l.substring(colon + 1).strip(),
                        (a, b) -> a + ", " + b);
            }
            if (head) {
                return new Reply(status, headers, new byte[0]);
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                for (int size = Integer.parseInt(line(in).strip(), 16);
                        size > 0;
                        size = Integer.parseInt(line(in).strip(), 16)) {
                    body.write(in.readNBytes(size));
                    line(in);
                }
                line(in);
                return new Reply(status, headers, body.toByteArray());
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            byte[] body = in.readNBytes(length);
            assertThat(body).as("body of %s", statusLine).hasSize(length);
            return new Reply(status, headers, body);
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("the connection closed mid-response");
                }
                if (c != '\r') {
                    b.write(c);
                }
            }
            return b.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
