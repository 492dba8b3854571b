package dev.nubo.platform.web;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;

/**
 * What every web module installs in its servlet context: the request log. Each WAR calls {@link #install} from a
 * listener; in the combined WAR the three listeners share one context and the first one wins.
 */
public final class WebSurface {
    static final String REQUEST_LOG = "nubo-request-log";

    private WebSurface() {}

    public static synchronized void install(ServletContext context) {
        if (context.getFilterRegistration(REQUEST_LOG) != null) {
            return;
        }
        CDI<Object> cdi = CDI.current();
        RequestLogFilter filter = new RequestLogFilter(
                cdi.select(InFlightRequests.class).get(),
                cdi.select(InstanceIdentity.class).get());
        FilterRegistration.Dynamic registration = context.addFilter(REQUEST_LOG, filter);
        registration.setAsyncSupported(true);
        registration.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    }
}
