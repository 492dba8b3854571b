package dev.nubo.rest;

import java.io.IOException;
import java.util.Set;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Jersey logs a client that hangs up mid-response (a cancelled download, a closed browser tab) as SEVERE with a
 * stack trace, twice. That is not a server fault: this filter turns such records into one FINE line, and lets every
 * other record through unchanged.
 */
final class ClientGoneLogFilter implements Filter {
    static final String JERSEY_RESPONDER = "org.glassfish.jersey.server.ServerRuntime$Responder";
    private static final Set<String> CLIENT_GONE =
            Set.of("Connection is closed", "Connection closed", "Broken pipe", "Connection reset by peer");
    // loggers are held weakly by the LogManager; this keeps the configured one (and its filter) alive
    private static Logger installed;

    static synchronized void install() {
        if (installed == null) {
            Logger logger = Logger.getLogger(JERSEY_RESPONDER);
            logger.setFilter(new ClientGoneLogFilter(logger.getFilter()));
            installed = logger;
        }
    }

    private final Filter previous;

    ClientGoneLogFilter(Filter previous) {
        this.previous = previous;
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (record.getLevel().intValue() > Level.FINE.intValue() && clientGone(record.getThrown())) {
            Logger.getLogger(ClientGoneLogFilter.class.getName())
                    .fine(() -> "the client went away before its response was complete: " + record.getThrown());
            return false;
        }
        return previous == null || previous.isLoggable(record);
    }

    static boolean clientGone(Throwable t) {
        for (int depth = 0; t != null && depth < 8; t = t.getCause(), depth++) {
            if (t instanceof IOException && t.getMessage() != null && CLIENT_GONE.contains(t.getMessage())) {
                return true;
            }
        }
        return false;
    }
}
