package dev.nubo.rest.files;

import dev.nubo.files.api.FileContent;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/** Writes a {@link Downloads.FileBody}: zero-copy when the container allows, else a buffered copy. */
@Provider
@Produces(MediaType.WILDCARD)
public class FileBodyWriter implements MessageBodyWriter<Downloads.FileBody> {
    @Context
    HttpServletRequest request;

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == Downloads.FileBody.class;
    }

    @Override
    public void writeTo(
            Downloads.FileBody body,
            Class<?> type,
            Type genericType,
            Annotation[] annotations,
            MediaType mediaType,
            MultivaluedMap<String, Object> headers,
            OutputStream out)
            throws IOException {
        try (FileContent.Opened opened = body.opened()) {
            if (opened.localFile().isPresent()
                    && ZeroCopyExchange.send(
                            request.getAttribute(ZeroCopyExchange.RESPONSE_ATTRIBUTE),
                            body.status(),
                            headers,
                            opened.localFile().get(),
                            body.offset(),
                            body.length())) {
                return;
            }
            Downloads.copy(opened.channel(), body.offset(), body.length(), out);
        }
    }
}
