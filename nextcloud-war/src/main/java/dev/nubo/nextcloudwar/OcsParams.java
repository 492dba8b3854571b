package dev.nubo.nextcloudwar;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of an OCS call: the query string, then the body — form-encoded (what the clients send, on PUT too,
 * which the servlet API does not parse) or a JSON object. Bodies over {@link #MAX_BODY} bytes are refused (413).
 */
final class OcsParams {
    static final int MAX_BODY = 64 * 1024;

    private final Map<String, String> values;

    private OcsParams(Map<String, String> values) {
        this.values = values;
    }

    static OcsParams read(HttpServletRequest req) throws IOException {
        Map<String, String> values = new HashMap<>();
        parseForm(req.getQueryString(), values);
        String type = req.getContentType() == null ? "" : req.getContentType().toLowerCase(Locale.ROOT);
        if (!req.getMethod().equals("GET")) {
            String body = body(req);
            if (type.startsWith("application/json")) {
                parseJson(body, values);
            } else {
                parseForm(body, values);
            }
        }
        return new OcsParams(values);
    }

    String get(String key) {
        return values.get(key);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    String require(String key) {
        String v = values.get(key);
        if (v == null || v.isEmpty()) {
            throw NuboException.invalid("the parameter " + key + " is required");
        }
        return v;
    }

    boolean flag(String key) {
        String v = values.get(key);
        return v != null && (v.equals("true") || v.equals("1"));
    }

    int integer(String key, int otherwise) {
        String v = values.get(key);
        if (v == null || v.isEmpty()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw NuboException.invalid(key + " must be a whole number");
        }
    }

    private static String body(HttpServletRequest req) throws IOException {
        if (req.getContentLengthLong() > MAX_BODY) {
            throw new NuboException(ErrorKind.TOO_LARGE, "too_large", "the request body is too large");
        }
        try (InputStream in = req.getInputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new NuboException(ErrorKind.TOO_LARGE, "too_large", "the request body is too large");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static void parseForm(String text, Map<String, String> into) {
        if (text == null || text.isEmpty()) {
            return;
        }
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                into.put(key, value);
            } catch (IllegalArgumentException e) {
                throw NuboException.invalid("the parameters are not properly encoded");
            }
        }
    }

    private static void parseJson(String text, Map<String, String> into) {
        if (text.isBlank()) {
            return;
        }
        JsonObject object;
        try (var reader = Json.createReader(new StringReader(text))) {
            object = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw NuboException.invalid("the body is not a JSON object");
        }
        object.forEach((key, value) -> {
            if (value instanceof JsonString s) {
                into.put(key, s.getString());
            } else if (value instanceof JsonNumber n) {
                into.put(key, n.toString());
            } else if (value == JsonValue.TRUE || value == JsonValue.FALSE) {
                into.put(key, value.toString());
            } else if (value == JsonValue.NULL) {
                into.put(key, "");
            }
        });
    }
}
