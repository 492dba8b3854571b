package dev.nubo.rest;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Optional;

/** JSON-P reading of bodies that entity binding cannot express: optional bodies, absent versus null fields. */
public final class JsonBodies {
    private JsonBodies() {}

    /** The body as a JSON object; empty when there is no body at all; 400 {@code malformed_json} otherwise. */
    public static Optional<JsonObject> optionalObject(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try (JsonReader reader = jakarta.json.Json.createReader(new StringReader(text))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new NuboException(ErrorKind.INVALID, "malformed_json", "the body must be a JSON object");
            }
            return Optional.of(value.asJsonObject());
        } catch (JsonException e) {
            throw new NuboException(
                    ErrorKind.INVALID, "malformed_json", "the request body is not valid JSON for this endpoint");
        }
    }
}
