package dev.nubo.nextcloudwar;

import jakarta.json.Json;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The OCS envelope ({@code {"ocs": {"meta": …, "data": …}}}) in JSON or XML. Data is a tree of maps (objects,
 * insertion-ordered), lists, strings, numbers, booleans and nulls. v1 answers HTTP 200 with the OCS status code
 * (100 for success) in the body; v2 puts the HTTP status in both.
 */
final class Ocs {
    private static final XMLOutputFactory XML = XMLOutputFactory.newFactory();

    private Ocs() {}

    /** JSON when asked by {@code format=json} or an Accept header naming JSON (and not {@code format=xml}). */
    static boolean wantsJson(HttpServletRequest req) {
        String format = req.getParameter("format");
        if (format != null) {
            return format.equalsIgnoreCase("json");
        }
        String accept = req.getHeader("Accept");
        return accept != null && accept.toLowerCase(java.util.Locale.ROOT).contains("json");
    }

    static void ok(HttpServletRequest req, HttpServletResponse res, boolean v2, Object data) throws IOException {
        send(req, res, v2, 200, "OK", data);
    }

    /** A failure: {@code status} is the HTTP status for v2 and maps to Nextcloud's codes in v1. */
    static void failure(HttpServletRequest req, HttpServletResponse res, boolean v2, int status, String message)
            throws IOException {
        send(req, res, v2, status, message, List.of());
    }

    private static void send(
            HttpServletRequest req, HttpServletResponse res, boolean v2, int status, String message, Object data)
            throws IOException {
        boolean success = status < 300;
        int code = v2 ? status : v1Code(status);
        res.setStatus(v2 || status == 401 ? status : 200);
        Map<String, Object> meta = new java.util.LinkedHashMap<>();
        meta.put("status", success ? "ok" : "failure");
        meta.put("statuscode", code);
        meta.put("message", message);
        meta.put("totalitems", "");
        meta.put("itemsperpage", "");
        res.setHeader("Cache-Control", "no-store");
        if (wantsJson(req)) {
            res.setContentType("application/json; charset=utf-8");
            try (JsonGenerator g = Json.createGenerator(res.getOutputStream())) {
                g.writeStartObject().writeStartObject("ocs").writeKey("meta");
                json(g, meta);
                g.writeKey("data");
                json(g, data);
                g.writeEnd().writeEnd();
            }
        } else {
            res.setContentType("application/xml; charset=utf-8");
            OutputStream out = res.getOutputStream();
            try {
                XMLStreamWriter w = XML.createXMLStreamWriter(out, "UTF-8");
                w.writeStartDocument("UTF-8", "1.0");
                w.writeStartElement("ocs");
                w.writeStartElement("meta");
                xmlChildren(w, meta);
                w.writeEndElement();
                w.writeStartElement("data");
                xmlChildren(w, data);
                w.writeEndElement();
                w.writeEndElement();
                w.writeEndDocument();
                w.close();
            } catch (XMLStreamException e) {
                throw new IOException(e);
            }
            out.flush();
        }
    }

    private static int v1Code(int status) {
        return switch (status) {
            case 200, 201, 204 -> 100;
            case 400 -> 400;
            case 401 -> 997;
            case 403 -> 403;
            case 404 -> 998;
            default -> 996;
        };
    }

    private static void json(JsonGenerator g, Object value) {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeKey(String.valueOf(e.getKey()));
                json(g, e.getValue());
            }
            g.writeEnd();
        } else if (value instanceof List<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                json(g, o);
            }
            g.writeEnd();
        } else if (value instanceof Boolean b) {
            g.write(b);
        } else if (value instanceof Integer || value instanceof Long) {
            g.write(((Number) value).longValue());
        } else if (value instanceof Number n) {
            g.write(n.doubleValue());
        } else {
            g.write(String.valueOf(value));
        }
    }

    /** The children of an element: map entries as elements, list items as {@code <element>}, else the text. */
    private static void xmlChildren(XMLStreamWriter w, Object value) throws XMLStreamException {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                w.writeStartElement(xmlName(String.valueOf(e.getKey())));
                xmlChildren(w, e.getValue());
                w.writeEndElement();
            }
        } else if (value instanceof List<?> list) {
            for (Object o : list) {
                w.writeStartElement("element");
                xmlChildren(w, o);
                w.writeEndElement();
            }
        } else if (value instanceof Boolean b) {
            w.writeCharacters(b ? "1" : "");
        } else if (value != null) {
            w.writeCharacters(String.valueOf(value));
        }
    }

    /** Keys are ours, but keep them valid element names (Nextcloud uses names like "display-name"). */
    private static String xmlName(String key) {
        String name = key.replaceAll("[^A-Za-z0-9._-]", "_");
        return name.isEmpty() || !Character.isLetter(name.charAt(0)) && name.charAt(0) != '_' ? "_" + name : name;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
