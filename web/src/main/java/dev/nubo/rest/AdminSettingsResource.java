package dev.nubo.rest;

import dev.nubo.platform.api.NuboException;
import dev.nubo.settings.api.RuntimeSettings;
import dev.nubo.settings.api.ServerOverview;
import dev.nubo.settings.api.Setting;
import dev.nubo.settings.api.SettingView;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Server settings changed at runtime, and the facts about the running server; admins only. */
@Path("admin/settings")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminSettingsResource {
    @Inject
    RuntimeSettings settings;

    @Inject
    ServerOverview overview;

    @Context
    ContainerRequestContext request;

    @GET
    @Operation(summary = "The editable settings with their defaults and sources, and the facts about the server")
    public AdminSettingsJson.AdminSettings get() {
        return answer(settings.list());
    }

    /** JSON-P rather than entity binding: a key set to null (reset) must differ from an absent one. */
    @PATCH
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Changes settings in one transaction: {key: value} sets, {key: null} resets to the default;"
                    + " an unknown key or a bad value changes nothing")
    public AdminSettingsJson.AdminSettings update(String text) {
        JsonObject body = JsonBodies.optionalObject(text).orElse(JsonValue.EMPTY_JSON_OBJECT);
        Map<String, Object> changes = new LinkedHashMap<>();
        body.forEach((key, value) -> changes.put(key, plain(value)));
        return answer(settings.update(changes, RequestAuth.caller(request).userId()));
    }

    @DELETE
    @Path("{key}")
    @Operation(summary = "Resets one setting to its default (the NUBO_* environment value or the built-in one)")
    @APIResponse(responseCode = "404", description = "No such setting")
    public AdminSettingsJson.AdminSettings reset(@PathParam("key") String key) {
        if (Setting.byKey(key).isEmpty()) {
            throw NuboException.notFound("setting '" + key + "'");
        }
        return answer(settings.update(
                Collections.singletonMap(key, null), RequestAuth.caller(request).userId()));
    }

    private AdminSettingsJson.AdminSettings answer(List<SettingView> list) {
        return AdminSettingsJson.AdminSettings.of(
                list, overview.facts(), AdminSettingsResource.class.getPackage().getImplementationVersion());
    }

    /** A JSON value as {@link Setting#check} reads it: number, string, null; anything else as itself (refused). */
    private static Object plain(JsonValue value) {
        if (value instanceof JsonNumber n) {
            return n.bigDecimalValue();
        }
        if (value instanceof JsonString s) {
            return s.getString();
        }
        return value.getValueType() == JsonValue.ValueType.NULL ? null : value;
    }
}
