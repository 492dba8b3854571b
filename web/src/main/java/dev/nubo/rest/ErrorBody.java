package dev.nubo.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The one error shape of the REST API: {@code {"error": code, "message": text}}. */
@Schema(
        name = "ErrorBody",
        description = "error is a stable machine-readable code (not_found, name_taken, quota_exceeded, ...);"
                + " message says what went wrong in words",
        requiredProperties = {"error", "message"})
public record ErrorBody(String error, String message) {
    public static Response response(int status, String code, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(code, message))
                .build();
    }
}
