package dev.nubo.it.blackbox;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/** On a failed test, prints where the logs of the servers started so far are, and the tail of the newest ones. */
class ServerLogs implements TestWatcher {
    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        StringBuilder sb =
                new StringBuilder("[nubo-it] ").append(context.getDisplayName()).append(" failed; server logs:\n");
        for (NuboProcess p : NuboProcess.STARTED) {
            sb.append("  ")
                    .append(p.name)
                    .append(p.isAlive() ? " (running)" : " (ended)")
                    .append(": ")
                    .append(p.logHint())
                    .append('\n');
        }
        System.err.print(sb);
    }
}
