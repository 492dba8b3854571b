package dev.nubo.platform.web;

import dev.nubo.platform.config.StartupFailure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Under nubo.jar, publishes the in-flight count for the launcher's signal handler, which drains before shutting
 * down. On undeploy or a full server's shutdown, lets requests in flight finish (up to {@code nubo.shutdown.grace}) before the database
 * and the caches go away: this singleton is destroyed before the ones it depends on.
 */
@Startup
@Singleton
@DependsOn("SchemaMigrator")
public class GracefulShutdown {
    private static final Logger LOG = Logger.getLogger(GracefulShutdown.class.getName());

    @Inject
    InFlightRequests inFlight;

    @Inject
    @ConfigProperty(name = "nubo.shutdown.grace", defaultValue = "PT25S")
    Duration grace;

    static final String MBEAN = "dev.nubo:type=InFlightRequests";

    @PostConstruct
    void publish() {
        if (!Boolean.getBoolean(StartupFailure.STANDALONE_PROPERTY)) {
            return;
        }
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(MBEAN);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(new CountView(inFlight), name);
        } catch (JMException e) {
            LOG.warning(() -> "nubo: cannot publish the in-flight request count, shutdown will not drain: " + e);
        }
    }

    @PreDestroy
    void drain() {
        if (Boolean.getBoolean(StartupFailure.STANDALONE_PROPERTY)) {
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(new ObjectName(MBEAN));
            } catch (JMException ignored) {
                // already gone
            }
        }
        int busy = inFlight.count();
        if (busy == 0) {
            return;
        }
        LOG.info(() -> "nubo: shutting down, waiting for " + busy + " request(s) in flight");
        try {
            int left = inFlight.awaitIdle(grace);
            if (left > 0) {
                LOG.warning(() -> "nubo: " + left + " request(s) still running after " + grace + "; stopping anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A named class, as JMX introspection wants, not a lambda. */
    public static final class CountView implements InFlightRequestsMXBean {
        private final InFlightRequests requests;
        /** JMX calls arrive on the caller's thread (the launcher's), which knows nothing of the application. */
        private final ClassLoader application = Thread.currentThread().getContextClassLoader();

        CountView(InFlightRequests requests) {
            this.requests = requests;
        }

        @Override
        public int getCount() {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(application);
            try {
                return requests.count();
            } finally {
                thread.setContextClassLoader(previous);
            }
        }
    }
}
