package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** HTTP calls to one Nubo server on 127.0.0.1, and the account chores most tests need. */
final class Api {
    static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Methods without side effects: the only ones sent again after the client lost them. */
    static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT");

    private static final AtomicInteger NAMES = new AtomicInteger();

    final URI base;

    /** A client with no pooled connections, configured as {@link #CLIENT}. */
    static HttpClient fresh() {
        return HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    Api(URI base) {
        if (!"127.0.0.1".equals(base.getHost())) {
            throw new IllegalArgumentException("tests talk to 127.0.0.1 only: " + base);
        }
        this.base = base;
    }

    Req get(String path) {
        return new Req("GET", path);
    }

    Req post(String path) {
        return new Req("POST", path);
    }

    Req patch(String path) {
        return new Req("PATCH", path);
    }

    Req delete(String path) {
        return new Req("DELETE", path);
    }

    Req put(String path) {
        return new Req("PUT", path);
    }

    Req head(String path) {
        return new Req("HEAD", path);
    }

    /** Any method, DAV ones included (PROPFIND, MKCOL, ...). */
    Req method(String method, String path) {
        return new Req(method, path);
    }

    Req options(String path) {
        return new Req("OPTIONS", path);
    }

    // ---- account chores ----

    Res login(String username, String password) {
        return post("/api/auth/login")
                .json(MiniJson.obj("username", username, "password", password))
                .send();
    }

    /** Signs in (token mode) and insists it worked. */
    Tokens tokens(String username, String password) {
        Res r = login(username, password).expect(200);
        return Tokens.of(r);
    }

    Tokens tokens(TestUser u) {
        return tokens(u.username(), u.password());
    }

    Res refresh(String refreshToken) {
        return post("/api/auth/refresh")
                .json(MiniJson.obj("refreshToken", refreshToken))
                .send();
    }

    Res me(String accessToken) {
        return get("/api/auth/me").bearer(accessToken).send();
    }

    Req asAdmin(Req r) {
        return r.basic(NuboProcess.ADMIN_USER, NuboProcess.ADMIN_PASSWORD);
    }

    /** A unique, valid user name: the prefix plus a counter and a random part. */
    static String uniqueName(String prefix) {
        return prefix + "-" + NAMES.incrementAndGet() + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    /** Creates a fresh user through the admin API; {@code extra} are further fields of the create request. */
    TestUser newUser(String prefix, Object... extra) {
        String name = uniqueName(prefix);
        String password = "pw-" + UUID.randomUUID();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("username", name);
        body.put("password", password);
        for (int i = 0; i < extra.length; i += 2) {
            body.put((String) extra[i], extra[i + 1]);
        }
        Res r = asAdmin(post("/api/admin/users"))
                .json(MiniJson.write(body))
                .send()
                .expect(201);
        return new TestUser(r.str("id"), name, password);
    }

    Res patchUser(String id, String json) {
        return asAdmin(patch("/api/admin/users/" + id)).json(json).send();
    }

    static String basicHeader(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    record TestUser(String id, String username, String password) {
        TestUser withPassword(String newPassword) {
            return new TestUser(id, username, newPassword);
        }
    }

    /** The token-mode answer of login or refresh. */
    record Tokens(String accessToken, String refreshToken, String sessionId, String userId) {
        static Tokens of(Res r) {
            return new Tokens(r.str("accessToken"), r.str("refreshToken"), r.str("sessionId"), r.str("user.id"));
        }
    }

    /** One request being built. */
    final class Req {
        private final String method;
        private final HttpRequest.Builder builder;
        private final List<String> cookies = new ArrayList<>();
        private BodyPublisher body = BodyPublishers.noBody();
        private String description;

        private Req(String method, String path) {
            this.method = method;
            this.builder = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT);
            this.description = method + " " + path;
        }

        Req header(String name, String value) {
            builder.header(name, value);
            return this;
        }

        /** Replaces the default {@link #REQUEST_TIMEOUT} (long uploads and downloads). */
        Req timeout(Duration timeout) {
            builder.timeout(timeout);
            return this;
        }

        Req bearer(String token) {
            return header("Authorization", "Bearer " + token);
        }

        Req basic(String user, String password) {
            return header("Authorization", basicHeader(user, password));
        }

        Req basic(TestUser u) {
            return basic(u.username(), u.password());
        }

        Req cookie(String name, String value) {
            cookies.add(name + "=" + value);
            return this;
        }

        Req json(String json) {
            return body("application/json", json);
        }

        Req body(String contentType, String text) {
            header("Content-Type", contentType);
            body = BodyPublishers.ofString(text, StandardCharsets.UTF_8);
            return this;
        }

        /** A body with the given publisher (e.g. one of unknown length, sent chunked). */
        Req body(String contentType, BodyPublisher publisher) {
            header("Content-Type", contentType);
            body = publisher;
            return this;
        }

        /** A binary body of known length. */
        Req bytes(String contentType, byte[] data) {
            header("Content-Type", contentType);
            body = BodyPublishers.ofByteArray(data);
            return this;
        }

        /** Sends with any body handler (e.g. a streamed download); the response is the caller's to consume. */
        <T> HttpResponse<T> sendWith(HttpResponse.BodyHandler<T> handler) {
            if (!cookies.isEmpty()) {
                builder.header("Cookie", String.join("; ", cookies));
            }
            HttpRequest request = builder.method(method, body).build();
            try {
                try {
                    return CLIENT.send(request, handler);
                } catch (HttpTimeoutException e) {
                    NuboProcess.Snapshot at = NuboProcess.snapshot(base);
                    if (at.serverHoldsNoConnection() && SAFE.contains(method)) {
                        // JDK 17's pooled client lost the request: at the timeout no TCP connection to the server
                        // exists at all, so no server thread can be working on it (seen four times in the long
                        // suite, never in isolation). A request without side effects is sent once more, on a
                        // connection of its own; the report stays on stderr for whoever reads the run.
                        System.err.println("[nubo-it] " + description + " timed out with no connection to the server"
                                + " open; sent once more on a new connection. " + at.report());
                        return fresh().send(request, handler);
                    }
                    throw new UncheckedIOException(description + " failed: " + e + "; " + at.report(), e);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(description + " failed: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        /** Sends and keeps the body as bytes (downloads, ranges, archives). */
        Bin sendForBytes() {
            HttpResponse<byte[]> r = sendWith(HttpResponse.BodyHandlers.ofByteArray());
            return new Bin(description, r.statusCode(), r.headers(), r.body());
        }

        Res send() {
            HttpResponse<String> r = sendWith(HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Res(description, r.statusCode(), r.headers(), r.body());
        }

        /**
         * Sends on a connection of its own. In the long black-box suite, JDK 17's client three times waited out its
         * timeout for the answer to a HEAD sent on a pooled connection that the server's log shows it had answered
         * in under 10 ms (FilesAuthorizationIT, CI of 2026-12-03 and 2026-12-04); not reproduced outside the suite
         * in about 5,000 HEADs. A comparison of HEAD answers uses this so it tests the server, not the pool.
         */
        Res sendOnNewConnection() {
            if (!cookies.isEmpty()) {
                builder.header("Cookie", String.join("; ", cookies));
            }
            HttpClient own = fresh();
            try {
                HttpResponse<String> r =
                        own.send(builder.method(method, body).build(), HttpResponse.BodyHandlers.ofString());
                return new Res(description, r.statusCode(), r.headers(), r.body());
            } catch (IOException e) {
                throw new UncheckedIOException(description + " failed: " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** A response whose body is kept as bytes. */
    record Bin(String request, int status, HttpHeaders headers, byte[] body) {
        Bin expect(int expected) {
            assertThat(status)
                    .as("status of %s; body: %s", request, new String(body, StandardCharsets.UTF_8))
                    .isEqualTo(expected);
            return this;
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    /** A response; JSON bodies are parsed on demand. */
    record Res(String request, int status, HttpHeaders headers, String body) {
        Res expect(int expected) {
            assertThat(status).as("status of %s; body: %s", request, body).isEqualTo(expected);
            return this;
        }

        /** Asserts the error shape {"error": code, "message": text} with JSON content type. */
        Res expectError(int expectedStatus, String code) {
            expect(expectedStatus);
            assertThat(header("Content-Type")).as("Content-Type of %s", request).startsWith("application/json");
            assertThat(str("error"))
                    .as("error code of %s; body: %s", request, body)
                    .isEqualTo(code);
            assertThat(str("message")).as("message of %s", request).isNotBlank();
            return this;
        }

        Object json() {
            return MiniJson.parse(body);
        }

        Object at(String path) {
            return MiniJson.at(json(), path);
        }

        boolean has(String path) {
            Object v = at(path);
            return v != null && v != MiniJson.NULL;
        }

        String str(String path) {
            Object v = at(path);
            return v instanceof String s ? s : null;
        }

        Long num(String path) {
            Object v = at(path);
            return v instanceof BigDecimal d ? d.longValueExact() : null;
        }

        Boolean bool(String path) {
            Object v = at(path);
            return v instanceof Boolean b ? b : null;
        }

        List<?> list(String path) {
            Object v = path.isEmpty() ? json() : at(path);
            return v instanceof List<?> l ? l : List.of();
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        /** The Set-Cookie headers by cookie name. */
        Map<String, SetCookie> cookies() {
            Map<String, SetCookie> m = new LinkedHashMap<>();
            for (String h : headers.allValues("Set-Cookie")) {
                SetCookie c = SetCookie.parse(h);
                m.put(c.name(), c);
            }
            return m;
        }
    }

    /** One Set-Cookie header: name, value and attributes (names lower-cased; flags map to ""). */
    record SetCookie(String name, String value, Map<String, String> attributes, String raw) {
        static SetCookie parse(String header) {
            String[] parts = header.split(";");
            int eq = parts[0].indexOf('=');
            Map<String, String> attrs = new LinkedHashMap<>();
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                int e = p.indexOf('=');
                attrs.put((e < 0 ? p : p.substring(0, e)).toLowerCase(Locale.ROOT), e < 0 ? "" : p.substring(e + 1));
            }
            return new SetCookie(
                    parts[0].substring(0, eq).trim(), parts[0].substring(eq + 1).trim(), attrs, header);
        }

        boolean flag(String attribute) {
            return attributes.containsKey(attribute.toLowerCase(Locale.ROOT));
        }

        String attr(String attribute) {
            return attributes.get(attribute.toLowerCase(Locale.ROOT));
        }
    }
}
