package dev.nubo.platform.config;

import dev.nubo.platform.db.EmbeddedDatabase;

/**
 * A setting that keeps the server from starting. Under the uber-jar launcher the process ends with one clear line
 * naming the setting (a wall of container stack traces helps nobody); on a full application server the deployment
 * fails with the same message and the server keeps running its other applications.
 */
public final class StartupFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Set by the uber-jar launcher: this JVM exists only to run Nubo, so a failed start ends it. */
    public static final String STANDALONE_PROPERTY = "nubo.standalone";

    private StartupFailure(String message) {
        super(message, null, false, false);
    }

    /**
     * Reports the failure and, when standalone, ends the process.
     *
     * @param setting the environment variable a user would change, e.g. {@code NUBO_DATA_DIR}
     */
    public static StartupFailure of(String setting, String problem) {
        String line = "nubo: cannot start: " + setting + ": " + problem;
        System.err.println(line);
        if (Boolean.getBoolean(STANDALONE_PROPERTY)) {
            EmbeddedDatabase.stopQuietly();
            System.err.flush();
            // halt, not exit: exit would run the container's shutdown hooks, which print pages of unrelated noise
            Runtime.getRuntime().halt(2);
        }
        return new StartupFailure(line);
    }
}
