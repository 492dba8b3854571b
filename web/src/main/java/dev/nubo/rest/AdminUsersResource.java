package dev.nubo.rest;

import dev.nubo.platform.api.NuboException;
import dev.nubo.users.api.NewUser;
import dev.nubo.users.api.Role;
import dev.nubo.users.api.UserChanges;
import dev.nubo.users.api.UserService;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** User administration; admins only. */
@Path("admin/users")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminUsersResource {
    static final Set<String> PATCHABLE = Set.of("displayName", "email", "role", "enabled", "quotaBytes");

    @Inject
    UserService users;

    @GET
    public Json.UserPage list(
            @QueryParam("offset") @DefaultValue("0") String offsetParam,
            @QueryParam("limit") @DefaultValue("100") String limitParam) {
        int offset = intParam("offset", offsetParam);
        int limit = intParam("limit", limitParam);
        UserService.Page page = users.list(offset, limit);
        return new Json.UserPage(page.users().stream().map(Json.User::of).toList(), page.total(), offset, limit);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Json.User.class)))
    public Response create(Json.NewUserRequest body, @Context UriInfo uri) {
        if (body == null) {
            throw NuboException.invalid("a JSON body with username and password is required");
        }
        Role role = body.role() == null ? Role.USER : Role.parse(body.role());
        Long quota = body.quotaBytes() == null ? null : wholeBytes(body.quotaBytes());
        Json.User created = Json.User.of(users.create(
                new NewUser(body.username(), body.password(), body.displayName(), body.email(), role, quota)));
        return Response.created(uri.getAbsolutePathBuilder()
                        .path(created.id().toString())
                        .build())
                .entity(created)
                .build();
    }

    @GET
    @Path("{id}")
    public Json.User get(@PathParam("id") UUID id) {
        return users.find(id).map(Json.User::of).orElseThrow(() -> NuboException.notFound("user"));
    }

    /** A partial update: only the fields present change; {@code "quotaBytes": null} means unlimited. */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Json.User update(@PathParam("id") UUID id, String text) {
        JsonObject body = parseObject(text);
        if (body.isEmpty()) {
            throw NuboException.invalid("a JSON object with at least one of " + PATCHABLE + " is required");
        }
        for (String key : body.keySet()) {
            if (!PATCHABLE.contains(key)) {
                throw NuboException.invalid("unknown field '" + key + "'; allowed: " + PATCHABLE);
            }
        }
        UserChanges changes = new UserChanges(
                optionalString(body, "displayName"),
                optionalString(body, "email"),
                optionalString(body, "role").map(Role::parse),
                optionalBoolean(body, "enabled"),
                body.containsKey("quotaBytes") ? Optional.of(quota(body.get("quotaBytes"))) : Optional.empty());
        return Json.User.of(users.update(id, changes));
    }

    @DELETE
    @Path("{id}")
    @APIResponse(responseCode = "204", description = "Deleted, with everything the user owned")
    public Response delete(@PathParam("id") UUID id) {
        users.delete(id);
        return Response.noContent().build();
    }

    static long wholeBytes(BigDecimal value) {
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw NuboException.invalid("quotaBytes must be a whole number of bytes or null (unlimited)");
        }
    }

    static int intParam(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw NuboException.invalid(name + " must be a whole number");
        }
    }

    /** JSON-P rather than entity binding: a PATCH must tell an absent field from a null one. */
    static JsonObject parseObject(String text) {
        return JsonBodies.optionalObject(text)
                .orElseThrow(() ->
                        NuboException.invalid("a JSON object with at least one of " + PATCHABLE + " is required"));
    }

    /** A string field of a PATCH body: absent → empty, null → "" (cleared), anything but a string → 400. */
    static Optional<String> optionalString(JsonObject o, String key) {
        if (!o.containsKey(key)) {
            return Optional.empty();
        }
        JsonValue v = o.get(key);
        if (v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.of("");
        }
        if (!(v instanceof JsonString s)) {
            throw NuboException.invalid(key + " must be a string");
        }
        return Optional.of(s.getString());
    }

    private static Optional<Boolean> optionalBoolean(JsonObject o, String key) {
        if (!o.containsKey(key)) {
            return Optional.empty();
        }
        JsonValue v = o.get(key);
        if (v == JsonValue.TRUE) {
            return Optional.of(true);
        }
        if (v == JsonValue.FALSE) {
            return Optional.of(false);
        }
        throw NuboException.invalid(key + " must be true or false");
    }

    static Optional<Long> quota(JsonValue v) {
        if (v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v instanceof JsonNumber n) {
            return Optional.of(wholeBytes(n.bigDecimalValue()));
        }
        throw NuboException.invalid("quotaBytes must be a whole number of bytes or null (unlimited)");
    }
}
