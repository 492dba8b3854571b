package dev.nubo.rest;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import dev.nubo.platform.web.Payloads;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Bounds JSON request bodies ({@code nubo.api.max-body-bytes}): a declared length over the limit is refused before
 * reading, and a chunked body is cut off as soon as it passes the limit. File uploads ({@link StreamedBody}) read
 * the servlet stream themselves, never through entity reading.
 */
@Provider
@Priority(Priorities.AUTHENTICATION - 100)
public class BodyLimit implements ContainerRequestFilter, ReaderInterceptor {
    @Inject
    @ConfigProperty(name = "nubo.api.max-body-bytes", defaultValue = "1048576")
    long maxBytes;

    @Context
    ResourceInfo resource;

    @Override
    public void filter(ContainerRequestContext request) {
        if (resource.getResourceMethod() != null
                && resource.getResourceMethod().isAnnotationPresent(StreamedBody.class)) {
            return;
        }
        if (request.getLength() > maxBytes) {
            throw tooLarge();
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        context.setInputStream(Payloads.bounded(context.getInputStream(), maxBytes, this::tooLarge));
        return context.proceed();
    }

    private NuboException tooLarge() {
        return new NuboException(ErrorKind.TOO_LARGE, "body_too_large", "request body exceeds " + maxBytes + " bytes");
    }
}
