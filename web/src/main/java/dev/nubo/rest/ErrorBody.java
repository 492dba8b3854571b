package dev.nubo.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The one error shape of the REST API: {@code {"error": code, "message": text}}. */
public record ErrorBody(String error, String message) {
    public static Response response(int status, String code, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(code, message))
                .build();
    }
}
