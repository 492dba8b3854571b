package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Bin;
import dev.nubo.it.blackbox.Api.Res;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The web app served by nubo.jar: its routes answer index.html with the headers of an HTML page of this origin; its
 * hashed assets are immutable and precompressed (RFC 9110 section 12.5.3 Accept-Encoding, section 8.8.3 strong ETags,
 * section 13.1.2 If-None-Match); nothing else is taken over, and nothing outside /assets is ever served from it.
 */
@ExtendWith(SharedServer.class)
class WebAppServingIT {
    static final String CSP = "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:;"
            + " style-src 'self' 'unsafe-inline'; frame-src 'self'; object-src 'none'; base-uri 'self';"
            + " frame-ancestors 'none'";
    private static final Pattern SCRIPT = Pattern.compile("src=\"(/assets/[^\"]+\\.js)\"");
    private static final Pattern STYLE = Pattern.compile("href=\"(/assets/[^\"]+\\.css)\"");

    final Api api = SharedServer.api();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/",
                "/login",
                "/setup",
                "/files",
                "/files/42",
                "/files/42/deeper",
                "/favorites",
                "/recent",
                "/search?q=x",
                "/trash",
                "/profile",
                "/admin",
                "/admin/users",
                "/calendar",
                "/calendar/2026-12",
                "/contacts",
                "/contacts/7",
                "/shared",
                "/shared/with-me",
                "/s/Abc123",
                "/files/caf%C3%A9%20x"
            })
    void theAppsRoutes_answerIndexHtml_withTheHeadersOfAPage(String path) {
        Res r = api.get(path).header("Accept-Encoding", "identity").send().expect(200);
        assertThat(r.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(r.header("Cache-Control")).isEqualTo("no-cache");
        assertThat(r.body()).contains("<div id=\"app\"></div>");
        assertThat(r.header("Content-Security-Policy")).isEqualTo(CSP);
        assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(r.header("Referrer-Policy")).isEqualTo("strict-origin-when-cross-origin");
        assertThat(r.header("X-Frame-Options")).isEqualTo("DENY");
        assertThat(r.header("ETag")).matches("\"[0-9a-f]{32}\"");

        Res head = api.head(path).header("Accept-Encoding", "identity").sendOnNewConnection();
        head.expect(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.header("Content-Length"))
                .isEqualTo(String.valueOf(r.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(head.header("ETag")).isEqualTo(r.header("ETag"));
        assertThat(head.header("Content-Security-Policy")).isEqualTo(CSP);

        api.get(path).header("If-None-Match", r.header("ETag")).send().expect(304);
    }

    @Test
    void otherPaths_areNotTakenForPages() {
        assertThat(api.get("/api/health").send().expect(200).header("Content-Type"))
                .startsWith("application/json");
        api.get("/api/no-such-thing").send().expect(404);
        assertThat(api.get("/api/auth/me").send().expect(401).header("Content-Type"))
                .startsWith("application/json");
        assertThat(api.get("/dav/").send().expect(401).body()).doesNotContain("id=\"app\"");
        assertThat(api.get("/nextcloud/status.php").send().expect(200).body()).contains("installed");
        api.get("/.well-known/caldav").send().expect(301);
        for (String nextcloudRoot : List.of("/status.php", "/remote.php/dav/files/x", "/ocs/v2.php/cloud/user")) {
            api.get(nextcloudRoot).send().expect(308);
        }
        api.post("/index.php/login/v2").send().expect(308);
        for (String path : List.of("/filesystem", "/files.txt", "/administrator", "/loginx", "/setup/x", "/nope")) {
            Res r = api.get(path).send();
            assertThat(r.status()).as(path).isNotEqualTo(200);
            assertThat(r.body()).as(path).doesNotContain("id=\"app\"");
        }
        for (String method : List.of("POST", "PUT", "DELETE")) {
            Res r = api.method(method, "/files/1").send();
            assertThat(r.status()).as(method).isNotEqualTo(200);
            assertThat(r.body()).as(method).doesNotContain("id=\"app\"");
        }
    }

    @Test
    void assets_areImmutable_andSentPrecompressedWhenAccepted() throws IOException {
        String index = api.get("/").send().expect(200).body();
        String script = find(SCRIPT, index);
        String style = find(STYLE, index);

        Bin plain = api.get(script).sendForBytes().expect(200);
        assertThat(plain.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(plain.header("Content-Encoding")).isNull();
        assertThat(plain.header("Cache-Control")).isEqualTo("public, max-age=31536000, immutable");
        assertThat(plain.header("Vary")).isEqualTo("Accept-Encoding");
        assertThat(plain.header("Content-Length")).isEqualTo(String.valueOf(plain.body().length));
        assertThat(plain.header("X-Content-Type-Options")).isEqualTo("nosniff");

        Bin gzip =
                api.get(script).header("Accept-Encoding", "gzip").sendForBytes().expect(200);
        assertThat(gzip.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(gzip.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(gzip.header("Vary")).isEqualTo("Accept-Encoding");
        assertThat(gzip.header("Content-Length")).isEqualTo(String.valueOf(gzip.body().length));
        assertThat(gunzip(gzip.body())).isEqualTo(plain.body());

        Bin br = api.get(script)
                .header("Accept-Encoding", "gzip, deflate, br")
                .sendForBytes()
                .expect(200);
        assertThat(br.header("Content-Encoding")).isEqualTo("br");
        assertThat(br.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(br.header("Content-Length")).isEqualTo(String.valueOf(br.body().length));
        assertThat(br.body())
                .isEqualTo(api.get(script + ".br").sendForBytes().expect(200).body());
        assertThat(br.body().length).isLessThan(plain.body().length);

        Bin noBr = api.get(script)
                .header("Accept-Encoding", "br;q=0, gzip")
                .sendForBytes()
                .expect(200);
        assertThat(noBr.header("Content-Encoding")).isEqualTo("gzip");

        assertThat(List.of(plain.header("ETag"), gzip.header("ETag"), br.header("ETag")))
                .as("a strong, distinct ETag per representation")
                .allMatch(t -> t.matches("\"[0-9a-f]{32}\""))
                .doesNotHaveDuplicates();

        Bin css = api.get(style).header("Accept-Encoding", "br").sendForBytes().expect(200);
        assertThat(css.header("Content-Type")).isEqualTo("text/css; charset=utf-8");
        assertThat(css.header("Content-Encoding")).isEqualTo("br");
    }

    @Test
    void assets_answerIfNoneMatchPerRepresentation_HEAD_and404() {
        String script = find(SCRIPT, api.get("/").send().expect(200).body());
        Res gzip = api.get(script).header("Accept-Encoding", "gzip").send().expect(200);
        String gzipTag = gzip.header("ETag");

        Res notModified = api.get(script)
                .header("Accept-Encoding", "gzip")
                .header("If-None-Match", "\"other\", " + gzipTag)
                .send()
                .expect(304);
        assertThat(notModified.body()).isEmpty();
        assertThat(notModified.header("ETag")).isEqualTo(gzipTag);
        assertThat(notModified.header("Cache-Control")).isEqualTo("public, max-age=31536000, immutable");
        assertThat(notModified.header("Vary")).isEqualTo("Accept-Encoding");
        api.get(script)
                .header("Accept-Encoding", "identity")
                .header("If-None-Match", gzipTag)
                .send()
                .expect(200);

        Res head = api.head(script).header("Accept-Encoding", "br").sendOnNewConnection();
        head.expect(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.header("Content-Encoding")).isEqualTo("br");
        assertThat(head.header("Content-Length")).isNotNull().isNotEqualTo("0");
        assertThat(head.header("ETag")).isNotEqualTo(gzipTag);

        Res missing = api.get("/assets/no-such-file-0000.js").send();
        missing.expectError(404, "not_found");
        api.get("/assets/").send().expect(404);
        assertThat(api.get("/assets").send().status()).isNotEqualTo(200);
    }

    /** Requests sent byte for byte over a socket, since HTTP clients remove dot segments before sending. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "/assets/../WEB-INF/web.xml",
                "/assets/%2e%2e/WEB-INF/web.xml",
                "/assets/%2E%2E/WEB-INF/beans.xml",
                "/assets/.%2e/WEB-INF/web.xml",
                "/assets/..%2fWEB-INF%2fweb.xml",
                "/assets/%2e%2e%2fWEB-INF%2fweb.xml",
                "/assets/..%5cWEB-INF%5cweb.xml",
                "/assets/..\\WEB-INF\\web.xml",
                "/assets/%252e%252e/WEB-INF/web.xml",
                "/assets/..;/WEB-INF/web.xml",
                "/assets/../../../../etc/passwd",
                "/assets/%c0%ae%c0%ae/WEB-INF/web.xml",
                "/assets/./../WEB-INF/web.xml",
                "/assets//WEB-INF/web.xml",
                "/assets/../index.html/../WEB-INF/web.xml",
                "/assets/../assets/../WEB-INF/web.xml"
            })
    void pathTraversal_neverServesAnythingOutsideTheAssets(String target) {
        String response = raw("GET " + target);
        assertThat(response)
                .as("response to %s", target)
                .doesNotContain("<web-app")
                .doesNotContain("<beans")
                .doesNotContain("root:x:0:0")
                .doesNotContain("dav</servlet-name>");
        int split = response.indexOf("\r\n\r\n");
        String body = split < 0 ? "" : response.substring(split + 4);
        if (response.startsWith("HTTP/1.1 200 ")) {
            // Grizzly answers an empty 200 itself to some malformed paths (README, known container bug)
            assertThat(body)
                    .as("a 200 to %s must carry nothing: %s", target, response)
                    .isEmpty();
        }
    }

    private String raw(String requestLine) {
        int port = SharedServer.server().port;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return FilesBadInputIT.readAll(s.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String find(Pattern p, String html) {
        Matcher m = p.matcher(html);
        assertThat(m.find()).as("%s in index.html: %s", p, html).isTrue();
        return m.group(1);
    }

    private static byte[] gunzip(byte[] data) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(data))) {
            return in.readAllBytes();
        }
    }
}
