package dev.nubo.rest;

import dev.nubo.rest.files.FavoritesResource;
import dev.nubo.rest.files.FilesJson;
import dev.nubo.rest.files.FilesResource;
import dev.nubo.rest.files.RecentResource;
import dev.nubo.rest.files.TrashResource;
import dev.nubo.rest.files.UploadsResource;
import dev.nubo.rest.files.UsageResource;
import dev.nubo.rest.pim.AddressBooksResource;
import dev.nubo.rest.pim.CalendarsResource;
import dev.nubo.rest.pim.PimJson;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Makes the container's OpenAPI document (/openapi) say what the API does. The annotation scanner gets several
 * things wrong that this filter puts right, from the Java types themselves rather than from a second description:
 *
 * <ul>
 *   <li>the JSON shapes ({@link Json}, {@link FilesJson}, {@link PimJson}, {@link AdminSettingsJson}, {@link GroupsJson}, {@link ErrorBody}) are derived from their record
 *       components: integers as integer/int64, times as date-time strings, ids as uuid strings, primitives and
 *       the {@code requiredProperties} of their {@code @Schema} required; the scanner called longs "number", times "object", and wrote every annotation default
 *       ("maxProperties: 0", "nullable: false", ...) into every schema, which those defaults are stripped of;
 *   <li>an operation whose annotations name only errors gets its success response from the method's return type
 *       (204 for void), and a bare "default" response becomes that success response;
 *   <li>every error response carries the one error shape, {@code ErrorBody}; every operation that needs a caller
 *       lists 401, admin operations 403, operations with a body 400, operations on an {id} 404 (another user's
 *       ids answer exactly as unknown ones).
 * </ul>
 */
public class OpenApiFilter implements OASFilter {
    static final List<Class<?>> RESOURCES = List.of(
            HealthResource.class,
            AuthResource.class,
            AccountResource.class,
            AdminUsersResource.class,
            FilesResource.class,
            UploadsResource.class,
            TrashResource.class,
            FavoritesResource.class,
            RecentResource.class,
            UsageResource.class,
            dev.nubo.rest.files.SearchResource.class,
            dev.nubo.rest.files.ThumbnailResource.class,
            AdminSearchResource.class,
            AdminSettingsResource.class,
            AdminGroupsResource.class,
            AdminUserGroupsResource.class,
            ShareesResource.class,
            CalendarsResource.class,
            AddressBooksResource.class,
            dev.nubo.rest.links.LinksResource.class,
            dev.nubo.rest.files.PublicLinksResource.class,
            dev.nubo.rest.share.SharesResource.class,
            dev.nubo.rest.share.AdminAuditResource.class,
            AdminDrivesResource.class,
            DrivesResource.class);
    static final List<Class<?>> SHAPE_HOLDERS = List.of(
            Json.class,
            FilesJson.class,
            PimJson.class,
            AdminSettingsJson.class,
            GroupsJson.class,
            dev.nubo.rest.links.LinksJson.class,
            dev.nubo.rest.files.PublicLinksJson.class,
            dev.nubo.rest.share.SharesJson.class,
            DrivesJson.class);
    static final String ERROR = "ErrorBody";
    private static final String JSON = "application/json";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        Map<String, Schema> components = new LinkedHashMap<>();
        List<Class<?>> shapes = new ArrayList<>(List.of(ErrorBody.class));
        SHAPE_HOLDERS.forEach(holder -> shapes.addAll(List.of(holder.getDeclaredClasses())));
        for (Class<?> shape : shapes) {
            if (shape.isRecord()) {
                components.put(componentName(shape), recordSchema(shape, existing(openAPI, componentName(shape))));
            }
        }
        components.forEach(openAPI.getComponents()::addSchema);
        if (openAPI.getPaths() != null) {
            for (Class<?> resource : RESOURCES) {
                for (Method method : resource.getMethods()) {
                    String verb = httpMethod(method);
                    if (verb == null) {
                        continue;
                    }
                    PathItem item = openAPI.getPaths().getPathItem(path(resource, method));
                    Operation op = item == null ? null : item.getOperations().get(PathItem.HttpMethod.valueOf(verb));
                    if (op != null) {
                        describe(op, resource, method);
                    }
                }
            }
            openAPI.getPaths()
                    .getPathItems()
                    .values()
                    .forEach(item -> item.getOperations().values().forEach(OpenApiFilter::cleanOperation));
        }
        openAPI.getComponents().getSchemas().values().forEach(OpenApiFilter::strip);
    }

    private static Schema existing(OpenAPI openAPI, String name) {
        Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
        return schemas == null ? null : schemas.get(name);
    }

    private static void describe(Operation op, Class<?> resource, Method method) {
        APIResponses responses = op.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            op.setResponses(responses);
        }
        APIResponse fallback = responses.getAPIResponse("default");
        if (fallback != null) {
            responses.removeAPIResponse("default");
        }
        // the annotations, class-level ones included, as written (the scanner drops some and inlines the rest)
        List<org.eclipse.microprofile.openapi.annotations.responses.APIResponse> declared = new ArrayList<>(List.of(
                method.getAnnotationsByType(org.eclipse.microprofile.openapi.annotations.responses.APIResponse.class)));
        declared.addAll(List.of(resource.getAnnotationsByType(
                org.eclipse.microprofile.openapi.annotations.responses.APIResponse.class)));
        for (var a : declared) {
            APIResponse response = responses.getAPIResponse(a.responseCode());
            if (response == null) {
                response = OASFactory.createAPIResponse();
                responses.addAPIResponse(a.responseCode(), response);
            }
            if (!a.description().isEmpty()) {
                response.setDescription(a.description());
            }
            response.setContent(null);
            for (var c : a.content()) {
                Schema schema = c.schema().implementation() != Void.class
                        ? schemaOf(c.schema().implementation())
                        : c.schema().type() == org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING
                                ? OASFactory.createSchema()
                                        .type(SchemaType.STRING)
                                        .format(
                                                c.schema().format().isEmpty()
                                                        ? null
                                                        : c.schema().format())
                                : null;
                if (schema != null) {
                    String mediaType = c.mediaType().isEmpty() ? JSON : c.mediaType();
                    Content content =
                            response.getContent() == null ? OASFactory.createContent() : response.getContent();
                    content.addMediaType(mediaType, OASFactory.createMediaType().schema(schema));
                    response.setContent(content);
                }
            }
        }
        boolean success = responses.getAPIResponses().keySet().stream()
                .anyMatch(code -> code.startsWith("2") || code.startsWith("3"));
        Class<?> returned = method.getReturnType();
        boolean typed = returned != jakarta.ws.rs.core.Response.class;
        if (!success && typed) {
            String code = returned == void.class ? "204" : "200";
            APIResponse ok = fallback != null ? fallback : OASFactory.createAPIResponse();
            ok.setDescription(returned == void.class ? "Done" : "OK");
            ok.setContent(null);
            responses.addAPIResponse(code, ok);
        }
        if (typed && returned != void.class) {
            Schema schema = schemaOf(method.getGenericReturnType());
            // the Java type is the truth for a typed method's success body (the scanner drops it beside annotations)
            responses.getAPIResponses().forEach((code, response) -> {
                if (code.startsWith("2") && !code.equals("204")) {
                    response.setContent(json(schema));
                }
            });
        }
        boolean open = annotated(resource, method, Public.class);
        if (!open) {
            addError(responses, "401", "Not signed in, or the credentials are wrong");
        }
        if (annotated(resource, method, AdminOnly.class)) {
            addError(responses, "403", "Not an administrator");
        }
        if (op.getRequestBody() != null) {
            addError(responses, "400", "The body is not what this operation takes");
        }
        if (path(resource, method).contains("{id}")) {
            addError(responses, "404", "No such item, or not the caller's");
        }
    }

    private static void cleanOperation(Operation op) {
        if (op.getParameters() != null) {
            for (Parameter p : op.getParameters()) {
                strip(p.getSchema());
            }
        }
        if (op.getRequestBody() != null && op.getRequestBody().getContent() != null) {
            op.getRequestBody().getContent().getMediaTypes().values().forEach(m -> strip(m.getSchema()));
        }
        if (op.getResponses() == null) {
            return;
        }
        op.getResponses().getAPIResponses().forEach((code, response) -> {
            if (code.length() == 3 && code.charAt(0) >= '4' && !namesOwnShape(response)) {
                response.setContent(json(ref(ERROR)));
                if (response.getDescription() == null
                        || response.getDescription().isBlank()) {
                    response.setDescription("Error");
                }
            } else if (response.getContent() != null) {
                response.getContent().getMediaTypes().values().forEach(m -> strip(m.getSchema()));
            }
        });
    }

    /** An error response annotated with a shape of its own (the health check's 503 answers Health). */
    private static boolean namesOwnShape(APIResponse response) {
        return response.getContent() != null
                && response.getContent().getMediaTypes().values().stream()
                        .map(MediaType::getSchema)
                        .anyMatch(s ->
                                s != null && s.getRef() != null && !s.getRef().endsWith("/" + ERROR));
    }

    private static void addError(APIResponses responses, String code, String description) {
        if (responses.getAPIResponse(code) == null) {
            responses.addAPIResponse(code, OASFactory.createAPIResponse().description(description));
        }
    }

    private static Content json(Schema schema) {
        MediaType media = OASFactory.createMediaType().schema(schema);
        return OASFactory.createContent().addMediaType(JSON, media);
    }

    private static boolean annotated(Class<?> resource, Method method, Class<? extends Annotation> marker) {
        return method.isAnnotationPresent(marker) || resource.isAnnotationPresent(marker);
    }

    private static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value().toUpperCase(Locale.ROOT);
            }
        }
        return null;
    }

    static String path(Class<?> resource, Method method) {
        StringBuilder sb = new StringBuilder("/api");
        for (Path p : new Path[] {resource.getAnnotation(Path.class), method.getAnnotation(Path.class)}) {
            if (p != null) {
                String segment = p.value().replaceAll("^/+|/+$", "");
                if (!segment.isEmpty()) {
                    sb.append('/').append(segment);
                }
            }
        }
        return sb.toString();
    }

    static String componentName(Class<?> shape) {
        org.eclipse.microprofile.openapi.annotations.media.Schema named =
                shape.getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        return named != null && !named.name().isEmpty() ? named.name() : shape.getSimpleName();
    }

    private static Schema recordSchema(Class<?> shape, Schema previous) {
        Schema schema = OASFactory.createSchema().type(SchemaType.OBJECT);
        org.eclipse.microprofile.openapi.annotations.media.Schema annotation =
                shape.getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        if (annotation != null && !annotation.description().isEmpty()) {
            schema.setDescription(annotation.description());
        } else if (previous != null) {
            schema.setDescription(previous.getDescription());
        }
        List<String> required = new ArrayList<>();
        for (RecordComponent c : shape.getRecordComponents()) {
            schema.addProperty(c.getName(), schemaOf(c.getGenericType()));
            if (c.getType().isPrimitive()) {
                required.add(c.getName());
            }
        }
        if (annotation != null) {
            for (String always : annotation.requiredProperties()) {
                if (!required.contains(always)) {
                    required.add(always);
                }
            }
        }
        if (!required.isEmpty()) {
            schema.setRequired(required);
        }
        return schema;
    }

    /** The schema of a JSON value of this Java type, as JSON-B writes it. */
    static Schema schemaOf(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            if (Collection.class.isAssignableFrom(raw)) {
                return OASFactory.createSchema().type(SchemaType.ARRAY).items(schemaOf(p.getActualTypeArguments()[0]));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return OASFactory.createSchema()
                        .type(SchemaType.OBJECT)
                        .additionalPropertiesSchema(schemaOf(p.getActualTypeArguments()[1]));
            }
            return schemaOf(raw);
        }
        if (!(type instanceof Class<?> c)) {
            return OASFactory.createSchema();
        }
        if (c == long.class || c == Long.class) {
            return OASFactory.createSchema().type(SchemaType.INTEGER).format("int64");
        }
        if (c == int.class || c == Integer.class || c == short.class || c == Short.class) {
            return OASFactory.createSchema().type(SchemaType.INTEGER).format("int32");
        }
        if (c == boolean.class || c == Boolean.class) {
            return OASFactory.createSchema().type(SchemaType.BOOLEAN);
        }
        if (c == double.class || c == Double.class || c == float.class || c == Float.class) {
            return OASFactory.createSchema().type(SchemaType.NUMBER);
        }
        if (c == String.class) {
            return OASFactory.createSchema().type(SchemaType.STRING);
        }
        if (c == UUID.class) {
            return OASFactory.createSchema().type(SchemaType.STRING).format("uuid");
        }
        if (c == OffsetDateTime.class || c == Instant.class) {
            return OASFactory.createSchema().type(SchemaType.STRING).format("date-time");
        }
        if (c.isEnum()) {
            Schema s = OASFactory.createSchema().type(SchemaType.STRING);
            for (Object constant : c.getEnumConstants()) {
                s.addEnumeration(constant.toString());
            }
            return s;
        }
        if (c.isRecord()) {
            return ref(componentName(c));
        }
        return OASFactory.createSchema().type(SchemaType.OBJECT);
    }

    private static <T> void clear(T value, T annotationDefault, java.util.function.Consumer<T> setter) {
        if (annotationDefault.equals(value)) {
            setter.accept(null);
        }
    }

    private static Schema ref(String component) {
        return OASFactory.createSchema().ref("#/components/schemas/" + component);
    }

    /**
     * Removes the annotation defaults the scanner writes into every schema as if they were constraints, and calls
     * a number without a format an int64: the API has no fractional numbers.
     */
    static void strip(Schema s) {
        if (s == null) {
            return;
        }
        clear(s.getExclusiveMaximum(), Boolean.FALSE, s::setExclusiveMaximum);
        clear(s.getExclusiveMinimum(), Boolean.FALSE, s::setExclusiveMinimum);
        clear(s.getUniqueItems(), Boolean.FALSE, s::setUniqueItems);
        clear(s.getNullable(), Boolean.FALSE, s::setNullable);
        clear(s.getReadOnly(), Boolean.FALSE, s::setReadOnly);
        clear(s.getWriteOnly(), Boolean.FALSE, s::setWriteOnly);
        clear(s.getDeprecated(), Boolean.FALSE, s::setDeprecated);
        clear(s.getMaxProperties(), 0, s::setMaxProperties);
        clear(s.getMinProperties(), 0, s::setMinProperties);
        clear(s.getMinLength(), 0, s::setMinLength);
        if (s.getType() == SchemaType.NUMBER && s.getFormat() == null) {
            s.setType(SchemaType.INTEGER);
            s.setFormat("int64");
        }
        if (s.getProperties() != null) {
            s.getProperties().values().forEach(OpenApiFilter::strip);
        }
        strip(s.getItems());
        strip(s.getAdditionalPropertiesSchema());
    }
}
