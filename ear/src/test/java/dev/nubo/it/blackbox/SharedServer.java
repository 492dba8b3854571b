package dev.nubo.it.blackbox;

import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one server that every test class able to share it uses ({@code @ExtendWith(SharedServer.class)}): started on
 * first use, stopped (SIGTERM) when the whole test run ends, through the root context's store. Tests create their
 * own uniquely named users, so they neither depend on nor disturb each other.
 *
 * <p>Its settings: account lockout after 8 failures for 2 s (quick lockout tests, yet room for the few failures
 * other tests provoke on purpose), and an address throttle high enough never to trip, since the whole suite signs
 * in from 127.0.0.1; address throttling has its own server.
 */
final class SharedServer extends ServerLogs implements BeforeAllCallback {
    static final int LOCKOUT_THRESHOLD = 8;
    static final int LOCKOUT_BASE_SECONDS = 2;
    static final Map<String, String> SETTINGS = Map.of(
            "NUBO_AUTH_LOCKOUT_THRESHOLD",
            String.valueOf(LOCKOUT_THRESHOLD),
            "NUBO_AUTH_LOCKOUT_BASE",
            "PT" + LOCKOUT_BASE_SECONDS + "S",
            "NUBO_AUTH_ADDRESS_THROTTLE_THRESHOLD",
            "100000");

    private static volatile NuboProcess server;
    private static volatile Throwable startFailure;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (startFailure != null) {
            throw new AssertionError("the shared server did not start (see the first failure)", startFailure);
        }
        ExtensionContext.Store root = context.getRoot().getStore(ExtensionContext.Namespace.create(SharedServer.class));
        try {
            server = root.getOrComputeIfAbsent(
                    "server", k -> NuboProcess.startHealthy("shared", SETTINGS), NuboProcess.class);
        } catch (RuntimeException | Error e) {
            startFailure = e;
            throw e;
        }
    }

    static NuboProcess server() {
        if (server == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(SharedServer.class)");
        }
        return server;
    }

    static Api api() {
        return server().api();
    }
}
