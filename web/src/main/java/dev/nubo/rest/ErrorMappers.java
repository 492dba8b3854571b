package dev.nubo.rest;

import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.RequestLogFilter;
import jakarta.json.bind.JsonbException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Maps every failure to the JSON error shape; nothing leaves as a stack trace. */
public final class ErrorMappers {
    private static final Logger LOG = Logger.getLogger(ErrorMappers.class.getName());

    private ErrorMappers() {}

    @Provider
    public static class Service implements ExceptionMapper<NuboException> {
        @Override
        public Response toResponse(NuboException e) {
            Response.ResponseBuilder r =
                    Response.fromResponse(ErrorBody.response(e.kind().httpStatus(), e.code(), e.getMessage()));
            e.retryAfter().ifPresent(d -> r.header(HttpHeaders.RETRY_AFTER, Math.max(1, d.toSeconds())));
            if (e.kind().httpStatus() == 401) {
                r.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"nubo\"");
            }
            return r.build();
        }
    }

    @Provider
    public static class Jsonb implements ExceptionMapper<JsonbException> {
        @Override
        public Response toResponse(JsonbException e) {
            return ErrorBody.response(400, "malformed_json", "the request body is not valid JSON for this endpoint");
        }
    }

    @Provider
    public static class Processing implements ExceptionMapper<ProcessingException> {
        @Override
        public Response toResponse(ProcessingException e) {
            Throwable cause = e;
            while (cause != null) {
                if (cause instanceof NuboException n) {
                    return new Service().toResponse(n);
                }
                cause = cause.getCause();
            }
            return ErrorBody.response(400, "malformed_json", "the request body is not valid JSON for this endpoint");
        }
    }

    @Provider
    public static class Web implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            int status = e.getResponse().getStatus();
            if (e.getCause() instanceof NuboException n) {
                return new Service().toResponse(n);
            }
            if (e.getCause() instanceof JsonbException || status == 400 && e.getCause() != null) {
                return ErrorBody.response(
                        400, "malformed_json", "the request body is not valid JSON for this endpoint");
            }
            String code = e instanceof NotFoundException
                    ? "not_found"
                    : e instanceof NotAllowedException
                            ? "method_not_allowed"
                            : e instanceof NotSupportedException ? "unsupported_media_type" : "http_" + status;
            String message = e instanceof NotSupportedException
                    ? "send the body as application/json"
                    : e.getResponse().getStatusInfo().getReasonPhrase();
            Response.ResponseBuilder r = Response.fromResponse(ErrorBody.response(status, code, message));
            if (e instanceof NotAllowedException) {
                r.header(HttpHeaders.ALLOW, e.getResponse().getHeaderString(HttpHeaders.ALLOW));
            }
            return r.build();
        }
    }

    @Provider
    public static class Unexpected implements ExceptionMapper<Throwable> {
        @Context
        HttpServletRequest request;

        @Override
        public Response toResponse(Throwable e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof NuboException n) {
                    return new Service().toResponse(n);
                }
            }
            Object id = request == null ? null : request.getAttribute(RequestLogFilter.REQUEST_ID);
            LOG.log(Level.SEVERE, "nubo: unexpected failure in request " + id, e);
            return ErrorBody.response(500, "internal_error", "unexpected server error; request id " + id);
        }
    }
}
