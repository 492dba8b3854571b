package dev.nubo.rest.links;

import dev.nubo.links.api.LinkPermission;
import dev.nubo.links.api.LinkSpec;
import dev.nubo.links.api.LinkUpdate;
import dev.nubo.links.api.LinkView;
import dev.nubo.platform.api.NuboException;
import dev.nubo.share.api.AuditEntry;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON of {@code /api/links}: bodies read with JSON-P (absent and null differ in a PATCH), answers as records. */
public final class LinksJson {
    static final Set<String> CREATE_FIELDS =
            Set.of("nodeId", "permission", "password", "expiresAt", "downloadLimit", "label");
    static final Set<String> UPDATE_FIELDS = Set.of("permission", "password", "expiresAt", "downloadLimit", "label");

    private LinksJson() {}

    @Schema(name = "PublicLink", description = "A public link; url opens it in the web app")
    public record Link(
            long id,
            String url,
            String token,
            long nodeId,
            String nodeName,
            String kind,
            String permission,
            boolean passwordProtected,
            Instant expiresAt,
            Integer downloadLimit,
            int downloadCount,
            String label,
            Instant createdAt) {
        static Link of(LinkView v, String base) {
            return new Link(
                    v.id(),
                    base + "/s/" + v.token(),
                    v.token(),
                    v.nodeId(),
                    v.nodeName(),
                    v.folder() ? "folder" : "file",
                    v.permission().wire(),
                    v.passwordProtected(),
                    v.expiresAt(),
                    v.downloadLimit(),
                    v.downloadCount(),
                    v.label(),
                    v.createdAt());
        }
    }

    @Schema(name = "PublicLinkAudit")
    public record Audit(Instant at, String action, String detail, String address, boolean anonymous) {
        static Audit of(AuditEntry e) {
            return new Audit(e.at(), e.action(), e.detail(), e.address(), e.actorId() == null);
        }
    }

    @Schema(
            name = "PublicLinkCreate",
            requiredProperties = {"nodeId", "permission"})
    public record Create(
            long nodeId,

            @Schema(enumeration = {"view", "download", "drop", "edit"})
            String permission,

            String password,
            Instant expiresAt,
            Integer downloadLimit,
            String label) {}

    static LinkSpec spec(JsonObject o) {
        unknown(o, CREATE_FIELDS);
        if (!(o.get("nodeId") instanceof JsonNumber n) || !n.isIntegral()) {
            throw NuboException.invalid("nodeId is required");
        }
        return new LinkSpec(
                n.longValue(),
                LinkPermission.parse(string(o, "permission").orElse(null)),
                string(o, "password"),
                string(o, "expiresAt").map(LinksJson::instant),
                integer(o, "downloadLimit"),
                string(o, "label"));
    }

    static LinkUpdate update(JsonObject o) {
        unknown(o, UPDATE_FIELDS);
        if (o.containsKey("permission") && o.isNull("permission")) {
            throw NuboException.invalid("permission cannot be cleared");
        }
        return new LinkUpdate(
                o.containsKey("permission")
                        ? Optional.of(
                                LinkPermission.parse(string(o, "permission").orElse(null)))
                        : Optional.empty(),
                o.containsKey("password") ? Optional.of(string(o, "password")) : Optional.empty(),
                o.containsKey("expiresAt")
                        ? Optional.of(string(o, "expiresAt").map(LinksJson::instant))
                        : Optional.empty(),
                o.containsKey("downloadLimit") ? Optional.of(integer(o, "downloadLimit")) : Optional.empty(),
                o.containsKey("label") ? Optional.of(string(o, "label")) : Optional.empty());
    }

    private static void unknown(JsonObject o, Set<String> known) {
        List<String> extra =
                o.keySet().stream().filter(k -> !known.contains(k)).sorted().toList();
        if (!extra.isEmpty()) {
            throw NuboException.invalid("unknown field(s): " + String.join(", ", extra));
        }
    }

    private static Optional<String> string(JsonObject o, String key) {
        JsonValue v = o.get(key);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v instanceof JsonString s) {
            return Optional.of(s.getString());
        }
        throw NuboException.invalid(key + " must be a string");
    }

    private static Optional<Integer> integer(JsonObject o, String key) {
        JsonValue v = o.get(key);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v instanceof JsonNumber n && n.isIntegral() && n.bigIntegerValue().bitLength() < 32) {
            return Optional.of(n.intValue());
        }
        throw NuboException.invalid(key + " must be a whole number");
    }

    /** ISO-8601 with an offset ("2027-01-31T23:59:59Z", "…+01:00"). */
    private static Instant instant(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw NuboException.invalid("expiresAt must be an ISO-8601 time with an offset, e.g. 2027-01-31T23:59:59Z");
        }
    }
}
