package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SIGTERM while a request is being received: the request still gets its complete response, and the server then
 * ends, embedded PostgreSQL included.
 */
@ExtendWith(ServerLogs.class)
class GracefulShutdownIT {

    @Test
    void aRequestInFlightWhenSigtermArrivesStillGetsItsResponse() throws IOException {
        try (NuboProcess server = NuboProcess.startHealthy("graceful", Map.of())) {
            byte[] body = MiniJson.obj("username", NuboProcess.ADMIN_USER, "password", NuboProcess.ADMIN_PASSWORD)
                    .getBytes(StandardCharsets.UTF_8);
            String head = "POST /api/auth/login HTTP/1.1\r\n"
                    + "Host: 127.0.0.1:" + server.port + "\r\n"
                    + "Content-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\n"
                    + "Connection: close\r\n"
                    + "\r\n";
            String response;
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port)) {
                socket.setSoTimeout(30_000);
                OutputStream out = socket.getOutputStream();
                out.write(head.getBytes(StandardCharsets.US_ASCII));
                int third = body.length / 3;
                out.write(body, 0, third);
                out.flush();
                NuboProcess.sleep(Duration.ofMillis(500)); // the server is now reading the body

                server.terminate();
                NuboProcess.sleep(Duration.ofMillis(1200));
                out.write(body, third, third);
                out.flush();
                NuboProcess.sleep(Duration.ofMillis(1200));
                out.write(body, 2 * third, body.length - 2 * third);
                out.flush();

                response = readResponse(socket.getInputStream(), server);
            }

            String statusLine = response.lines().findFirst().orElse("");
            assertThat(statusLine)
                    .as("status line of the response %n%s%n%s", response, server.logHint())
                    .matches("HTTP/1\\.1 (200|401) .*");
            String responseBody = response.substring(response.indexOf("\r\n\r\n") + 4);
            assertThat(responseBody)
                    .as("a complete JSON body: %s", response)
                    .startsWith("{")
                    .endsWith("}");
            if (statusLine.contains(" 200 ")) {
                assertThat(responseBody).contains("\"accessToken\"");
            }

            Integer code = server.awaitExit(NuboProcess.STOP);
            assertThat(code)
                    .as("the server ends after SIGTERM; %s", server.logHint())
                    .isNotNull();
            assertThat(server.leftoverPostgres())
                    .as("the embedded PostgreSQL stopped with the server")
                    .isEmpty();
        }
    }

    /** Reads one HTTP/1.1 response with a Content-Length or chunked body; fails on reset or early end. */
    private static String readResponse(InputStream in, NuboProcess server) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try {
            byte[] buf = new byte[8192];
            int headEnd = -1;
            while (headEnd < 0) {
                int n = in.read(buf);
                if (n < 0) {
                    fail(
                            "connection closed before a complete response head; got: '%s'; %s",
                            all.toString(StandardCharsets.ISO_8859_1), server.logHint());
                }
                all.write(buf, 0, n);
                headEnd = all.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
            }
            String head = all.toString(StandardCharsets.ISO_8859_1)
                    .substring(0, headEnd)
                    .toLowerCase(Locale.ROOT);
            int length = contentLength(head);
            boolean chunked = head.contains("transfer-encoding: chunked");
            while (true) {
                String text = all.toString(StandardCharsets.ISO_8859_1);
                int have = text.length() - headEnd - 4;
                if (length >= 0 && have >= length) {
                    return text.substring(0, headEnd + 4 + length);
                }
                if (chunked && text.endsWith("0\r\n\r\n")) {
                    return text.substring(0, headEnd + 4) + dechunk(text.substring(headEnd + 4));
                }
                int n = in.read(buf);
                if (n < 0) {
                    if (length < 0 && !chunked) {
                        return text; // delimited by close
                    }
                    fail("connection closed before the whole body arrived; got: '%s'; %s", text, server.logHint());
                }
                all.write(buf, 0, n);
            }
        } catch (IOException e) {
            throw new AssertionError(
                    "no complete response (" + e + "); got: '" + all.toString(StandardCharsets.ISO_8859_1) + "'; "
                            + server.logHint(),
                    e);
        }
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return -1;
    }

    private static String dechunk(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (true) {
            int eol = s.indexOf("\r\n", i);
            int size = Integer.parseInt(s.substring(i, eol).split(";")[0].trim(), 16);
            if (size == 0) {
                return out.toString();
            }
            out.append(s, eol + 2, eol + 2 + size);
            i = eol + 2 + size + 2;
        }
    }
}
