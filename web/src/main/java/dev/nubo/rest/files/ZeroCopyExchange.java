package dev.nubo.rest.files;

import dev.nubo.platform.web.ZeroCopy;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The REST downloads' way to {@link ZeroCopy}: JAX-RS code sees only a proxy of the servlet
 * response, so a filter keeps the container's own request and response where the body writer finds them.
 */
final class ZeroCopyExchange {
    static final String RESPONSE_ATTRIBUTE = ZeroCopyExchange.class.getName() + ".response";

    private ZeroCopyExchange() {}

    /** The container's own request and response, as the servlet filter saw them. */
    record Exchange(ServletRequest request, ServletResponse response) {}

    /** Makes the container's own response object reachable from JAX-RS code, which sees only a proxy. */
    @WebFilter(urlPatterns = "/api/files/*", asyncSupported = true)
    public static final class ResponseCapture implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            request.setAttribute(RESPONSE_ATTRIBUTE, new Exchange(request, response));
            chain.doFilter(request, response);
        }
    }

    /**
     * Sends {@code status}, {@code headers} and {@code length} bytes of {@code file} from {@code offset} through
     * sendfile. False, with nothing sent and nothing changed, when the container cannot; exceptions only once the
     * response has begun.
     */
    static boolean send(
            Object captured, int status, MultivaluedMap<String, Object> headers, Path file, long offset, long length)
            throws IOException {
        if (!(captured instanceof Exchange exchange)) {
            return false;
        }
        return ZeroCopy.send(exchange.request(), exchange.response(), file, offset, length, http -> {
            http.setStatus(status);
            for (Map.Entry<String, List<Object>> header : headers.entrySet()) {
                if (header.getKey().equalsIgnoreCase("Content-Length")) {
                    continue; // set from the range
                }
                boolean first = true;
                for (Object value : header.getValue()) {
                    if (first) {
                        http.setHeader(header.getKey(), text(value));
                        first = false;
                    } else {
                        http.addHeader(header.getKey(), text(value));
                    }
                }
            }
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String text(Object value) {
        if (value instanceof String s) {
            return s;
        }
        RuntimeDelegate.HeaderDelegate delegate = RuntimeDelegate.getInstance().createHeaderDelegate(value.getClass());
        return delegate == null ? String.valueOf(value) : delegate.toString(value);
    }
}
