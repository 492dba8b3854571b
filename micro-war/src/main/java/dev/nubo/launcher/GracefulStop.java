package dev.nubo.launcher;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT for nubo.jar: first drain, then shut down. The JVM's own handling would run Payara's shutdown
 * hook at once, which tears the application down under the requests it is still serving. Here the signal marks the
 * server as draining (health answers 503), waits until the application reports no request in flight (through its
 * {@code dev.nubo:type=InFlightRequests} MBean) or the grace period ends, and only then exits. A second signal exits
 * at once.
 */
final class GracefulStop {
    static final String DRAINING = "nubo.draining";
    static final String MBEAN = "dev.nubo:type=InFlightRequests";

    private static volatile boolean stopping;

    private GracefulStop() {}

    static void install() {
        Signal.handle(new Signal("TERM"), GracefulStop::onSignal);
        Signal.handle(new Signal("INT"), GracefulStop::onSignal);
    }

    private static void onSignal(Signal signal) {
        if (stopping) {
            System.exit(0);
        }
        stopping = true;
        Thread drain = new Thread(GracefulStop::drainThenExit, "nubo-graceful-stop");
        drain.setDaemon(false);
        drain.start();
    }

    private static void drainThenExit() {
        System.setProperty(DRAINING, "true");
        long deadline = System.nanoTime() + grace().toNanos();
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(MBEAN);
            while (System.nanoTime() < deadline && server.isRegistered(name)) {
                if (((Number) server.getAttribute(name, "Count")).intValue() == 0) {
                    break;
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // no application to ask: nothing to drain
        }
        System.exit(0);
    }

    static Duration grace() {
        String value = NuboLauncher.setting("nubo.shutdown.grace");
        try {
            return value == null ? Duration.ofSeconds(25) : Duration.parse(value);
        } catch (DateTimeParseException e) {
            return Duration.ofSeconds(25);
        }
    }
}
