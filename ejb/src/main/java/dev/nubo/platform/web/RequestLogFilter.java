package dev.nubo.platform.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * One structured line per request, tagged with a request id: the client's {@code X-Request-Id} when it is a sane
 * token, otherwise a fresh one; echoed in the response. Also counts requests in flight for graceful shutdown.
 */
public class RequestLogFilter implements Filter {
    public static final String REQUEST_ID_HEADER = "X-Request-Id";
    /** Request attribute: the id of this request. */
    public static final String REQUEST_ID = "nubo.requestId";
    /** Request attribute set by whichever surface authenticated the request: the user name. */
    public static final String USER = "nubo.user";

    private static final Logger ACCESS = Logger.getLogger("nubo.access");
    private static final Pattern SANE_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private final InFlightRequests inFlight;
    private final InstanceIdentity instance;

    public RequestLogFilter(InFlightRequests inFlight, InstanceIdentity instance) {
        this.inFlight = inFlight;
        this.instance = instance;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String given = request.getHeader(REQUEST_ID_HEADER);
        String id = given != null && SANE_ID.matcher(given).matches()
                ? given
                : UUID.randomUUID().toString();
        request.setAttribute(REQUEST_ID, id);
        response.setHeader(REQUEST_ID_HEADER, id);
        response.setHeader(InstanceIdentity.HEADER, instance.id());
        long start = System.nanoTime();
        inFlight.begin();
        try {
            chain.doFilter(req, res);
        } finally {
            inFlight.end();
            long micros = (System.nanoTime() - start) / 1000;
            ACCESS.info(() -> line(request, response, id, micros));
        }
    }

    static String line(HttpServletRequest request, HttpServletResponse response, String id, long micros) {
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"rid\":");
        Json.quote(sb, id);
        sb.append(",\"method\":");
        Json.quote(sb, request.getMethod());
        sb.append(",\"path\":");
        Json.quote(sb, request.getRequestURI());
        sb.append(",\"status\":").append(response.getStatus());
        sb.append(",\"ms\":").append(micros / 1000).append('.').append(String.format("%03d", micros % 1000));
        sb.append(",\"client\":");
        Json.quote(sb, request.getRemoteAddr());
        Object user = request.getAttribute(USER);
        if (user != null) {
            sb.append(",\"user\":");
            Json.quote(sb, user.toString());
        }
        return sb.append('}').toString();
    }
}
