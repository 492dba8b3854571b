package dev.nubo.it.blackbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The OpenAPI document at /openapi says what the API does: every operation has its success response and the one
 * error shape, the protected ones list 401, every reference resolves, no annotation default poses as a constraint,
 * and real responses of the running server validate against the schemas the document gives for them (every field
 * documented, every required one present, types and formats as written).
 */
@ExtendWith(SharedServer.class)
class OpenApiIT {
    static final Set<String> PUBLIC =
            Set.of("POST /api/auth/login", "POST /api/auth/refresh", "GET /api/health", "GET /api/setup");
    static final Set<String> VERBS = Set.of("get", "put", "post", "delete", "patch", "head");
    static final String ERROR = "#/components/schemas/ErrorBody";

    static Map<?, ?> doc;
    final Api api = SharedServer.api();

    @BeforeAll
    static void fetch() {
        Res r = SharedServer.api()
                .get("/openapi")
                .header("Accept", "application/json")
                .send()
                .expect(200);
        doc = (Map<?, ?>) r.json();
    }

    @SuppressWarnings("unchecked")
    static Map<Object, Object> map(Object o, String path) {
        Object v = MiniJson.at(o, path);
        assertThat(v).as(path).isInstanceOf(Map.class);
        return (Map<Object, Object>) v;
    }

    @Test
    void everyOperation_hasItsSuccessResponse_theErrorShape_and401UnlessPublic() {
        Map<Object, Object> paths = map(doc, "paths");
        assertThat(paths.keySet()).contains("/api/files/{id}", "/api/files/{id}/content", "/api/uploads/{id}");
        int operations = 0;
        List<String> problems = new ArrayList<>();
        for (Map.Entry<?, ?> path : paths.entrySet()) {
            for (Map.Entry<?, ?> op : ((Map<?, ?>) path.getValue()).entrySet()) {
                if (!VERBS.contains(op.getKey())) {
                    continue;
                }
                operations++;
                String name = op.getKey().toString().toUpperCase() + " " + path.getKey();
                Map<?, ?> responses = map(op.getValue(), "responses");
                if (responses.containsKey("default")) {
                    problems.add(name + ": a bare default response");
                }
                if (responses.keySet().stream().noneMatch(c -> c.toString().matches("[23]\\d\\d"))) {
                    problems.add(name + ": no success response");
                }
                if (!PUBLIC.contains(name) && !responses.containsKey("401")) {
                    problems.add(name + ": no 401");
                }
                for (Map.Entry<?, ?> response : responses.entrySet()) {
                    String code = response.getKey().toString();
                    Object ref = MiniJson.at(response.getValue(), "content.application/json.schema.$ref");
                    if (code.matches("[45]\\d\\d") && !name.equals("GET /api/health") && !ERROR.equals(ref)) {
                        problems.add(name + " " + code + ": not the ErrorBody shape but " + response.getValue());
                    }
                    if (code.matches("2\\d\\d") && !code.equals("204") && !name.startsWith("HEAD ")) {
                        Object content = MiniJson.at(response.getValue(), "content");
                        if (!(content instanceof Map<?, ?> m) || m.isEmpty()) {
                            problems.add(name + " " + code + ": no body described");
                        }
                    }
                }
            }
        }
        assertThat(operations).as("operations described").isGreaterThanOrEqualTo(45);
        assertThat(problems).isEmpty();
        assertThat(MiniJson.at(doc, "paths./api/files/{id}.get.responses.200.content.application/json.schema.$ref"))
                .isEqualTo("#/components/schemas/NodeWithPath");
        assertThat(MiniJson.at(doc, "paths./api/files/{id}/content.get.responses.206.content.*/*.schema.format"))
                .isEqualTo("binary");
        assertThat(MiniJson.at(doc, "paths./api/health.get.responses.503.content.application/json.schema.$ref"))
                .isEqualTo("#/components/schemas/Health");
        assertThat(map(doc, "paths./api/admin/users.get.responses")).containsKey("403");
    }

    @Test
    void referencesResolve_andNoDefaultPosesAsAConstraint() {
        Map<?, ?> schemas = map(doc, "components.schemas");
        List<String> problems = new ArrayList<>();
        walk(doc, "", (where, node) -> {
            Object ref = node.get("$ref");
            if (ref instanceof String r
                    && (!r.startsWith("#/components/schemas/")
                            || !schemas.containsKey(r.substring("#/components/schemas/".length())))) {
                problems.add(where + ": dangling " + r);
            }
            if (BigDecimal.ZERO.equals(node.get("maxProperties"))) {
                problems.add(where + ": maxProperties 0");
            }
            if ("number".equals(node.get("type"))) {
                problems.add(where + ": a fractional number (the API has none)");
            }
            for (String flag : List.of("nullable", "readOnly", "writeOnly", "uniqueItems", "exclusiveMaximum")) {
                if (Boolean.FALSE.equals(node.get(flag))) {
                    problems.add(where + ": " + flag + " false");
                }
            }
        });
        assertThat(problems).isEmpty();

        assertThat(MiniJson.at(schemas, "ErrorBody.required")).isEqualTo(List.of("error", "message"));
        assertThat(MiniJson.at(schemas, "ErrorBody.properties.error.type")).isEqualTo("string");
        assertThat(MiniJson.at(schemas, "Node.properties.id.type")).isEqualTo("integer");
        assertThat(MiniJson.at(schemas, "Node.properties.id.format")).isEqualTo("int64");
        assertThat(MiniJson.at(schemas, "Node.properties.createdAt.format")).isEqualTo("date-time");
        assertThat(MiniJson.at(schemas, "Upload.properties.id.format")).isEqualTo("uuid");
        assertThat(List.copyOf((List<?>) MiniJson.at(schemas, "Node.required")).stream()
                        .map(String::valueOf))
                .contains("id", "name", "type", "etag");
        assertThat(MiniJson.at(doc, "paths./api/files/{id}.get.parameters.0.schema.type"))
                .isEqualTo("integer");
    }

    @Test
    void realResponses_validateAgainstTheirDocumentedSchemas() {
        FilesClient f = FilesClient.newUser(api, "oas", null);
        long root = f.rootId();
        long dir = f.mkdir(root, "Docs");
        Res put = f.upload(dir, "a.txt", "hello".getBytes(), null).expect(201);
        long file = put.num("id");
        f.as(api.put("/api/favorites/" + file)).send().expect(204);
        f.download(file);
        long gone = f.uploadOk(root, "gone.txt", new byte[3]);
        f.trash(gone);
        Res session = f.as(api.post("/api/uploads"))
                .json(MiniJson.obj("parentId", root, "name", "big.bin", "size", 10))
                .send()
                .expect(201);

        check("PUT /api/files/{id}/children/{name}", "201", put);
        check(
                "GET /api/files/root",
                "200",
                f.as(api.get("/api/files/root")).send().expect(200));
        check(
                "GET /api/files/{id}",
                "200",
                f.as(api.get("/api/files/" + file)).send().expect(200));
        check(
                "GET /api/files/{id}/children",
                "200",
                f.as(api.get("/api/files/" + dir + "/children")).send());
        check(
                "GET /api/files/{id}/folders",
                "200",
                f.as(api.get("/api/files/" + root + "/folders")).send());
        check(
                "GET /api/favorites",
                "200",
                f.as(api.get("/api/favorites")).send().expect(200));
        check("GET /api/recent", "200", f.as(api.get("/api/recent")).send().expect(200));
        check("GET /api/usage", "200", f.as(api.get("/api/usage")).send().expect(200));
        check("GET /api/trash", "200", f.as(api.get("/api/trash")).send().expect(200));
        check("POST /api/uploads", "201", session);
        check(
                "GET /api/uploads/{id}",
                "200",
                f.as(api.get("/api/uploads/" + session.str("id"))).send());
        check("GET /api/auth/me", "200", f.as(api.get("/api/auth/me")).send().expect(200));
        check(
                "GET /api/auth/sessions",
                "200",
                f.as(api.get("/api/auth/sessions")).send().expect(200));
        check("GET /api/health", "200", api.get("/api/health").send().expect(200));
        check(
                "POST /api/files/batch",
                "200",
                f.as(api.post("/api/files/batch"))
                        .json(MiniJson.obj("action", "copy", "ids", List.of(file, 999_999_999L), "targetId", root))
                        .send()
                        .expect(200));
        check(
                "GET /api/files/{id}",
                "404",
                f.as(api.get("/api/files/999999999")).send().expect(404));
        check("GET /api/files/{id}", "401", api.get("/api/files/" + file).send().expect(401));
        check(
                "PUT /api/files/{id}/children/{name}",
                "409",
                f.upload(dir, "a.txt", new byte[1], "fail").expect(409));
        check(
                "POST /api/auth/login",
                "400",
                api.post("/api/auth/login").json("[]").send());
    }

    /** Validates a real response against the schema the document gives for that operation and status. */
    private static void check(String operation, String status, Res response) {
        assertThat(String.valueOf(response.status()))
                .as("status of %s", operation)
                .isEqualTo(status);
        int space = operation.indexOf(' ');
        String verb = operation.substring(0, space).toLowerCase();
        Map<?, ?> op = (Map<?, ?>) ((Map<?, ?>) map(doc, "paths").get(operation.substring(space + 1))).get(verb);
        assertThat(op).as(operation).isNotNull();
        Object schema = MiniJson.at(MiniJson.at(op, "responses"), status + ".content.application/json.schema");
        assertThat(schema).as("schema of %s %s", operation, status).isNotNull();
        List<String> problems = new ArrayList<>();
        validate(schema, response.json(), operation + " " + status, problems);
        assertThat(problems).as("%s %s: %s", operation, status, response.body()).isEmpty();
    }

    private static void validate(Object schemaNode, Object value, String where, List<String> problems) {
        Map<?, ?> schema = (Map<?, ?>) schemaNode;
        if (schema.get("$ref") instanceof String ref) {
            validate(
                    MiniJson.at(doc, "components.schemas." + ref.substring(ref.lastIndexOf('/') + 1)),
                    value,
                    where,
                    problems);
            return;
        }
        String type = (String) schema.get("type");
        if (value == MiniJson.NULL) {
            problems.add(where + ": null (absent fields are left out, never null)");
            return;
        }
        switch (type == null ? "" : type) {
            case "object" -> {
                if (!(value instanceof Map<?, ?> m)) {
                    problems.add(where + ": not an object");
                    return;
                }
                Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
                Object additional = schema.get("additionalProperties");
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    Object property = properties.get(e.getKey());
                    if (property == null && additional instanceof Map<?, ?>) {
                        property = additional;
                    }
                    if (property == null) {
                        problems.add(where + "." + e.getKey() + ": not in the schema");
                    } else {
                        validate(property, e.getValue(), where + "." + e.getKey(), problems);
                    }
                }
                if (schema.get("required") instanceof List<?> required) {
                    for (Object r : required) {
                        if (!m.containsKey(r)) {
                            problems.add(where + "." + r + ": required but absent");
                        }
                    }
                }
            }
            case "array" -> {
                if (!(value instanceof List<?> l)) {
                    problems.add(where + ": not an array");
                    return;
                }
                for (int i = 0; i < l.size(); i++) {
                    validate(schema.get("items"), l.get(i), where + "[" + i + "]", problems);
                }
            }
            case "integer" -> {
                if (!(value instanceof BigDecimal n) || n.stripTrailingZeros().scale() > 0) {
                    problems.add(where + ": not an integer: " + value);
                }
            }
            case "boolean" -> {
                if (!(value instanceof Boolean)) {
                    problems.add(where + ": not a boolean: " + value);
                }
            }
            case "string" -> {
                if (!(value instanceof String s)) {
                    problems.add(where + ": not a string: " + value);
                    return;
                }
                try {
                    if ("date-time".equals(schema.get("format"))) {
                        OffsetDateTime.parse(s);
                    } else if ("uuid".equals(schema.get("format"))) {
                        UUID.fromString(s);
                    }
                } catch (RuntimeException e) {
                    problems.add(where + ": not a " + schema.get("format") + ": " + s);
                }
            }
            default -> problems.add(where + ": a schema without a type: " + schema);
        }
    }

    interface Visitor {
        void visit(String where, Map<?, ?> node);
    }

    private static void walk(Object node, String where, Visitor visitor) {
        if (node instanceof Map<?, ?> m) {
            visitor.visit(where, m);
            m.forEach((k, v) -> walk(v, where + "/" + k, visitor));
        } else if (node instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                walk(l.get(i), where + "/" + i, visitor);
            }
        }
    }
}
