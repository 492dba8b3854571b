package dev.nubo.micro;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.spi.event.container.BeforeDeploy;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Client-side Arquillian extension: before each test class deploys, waits until the Payara Micro of the class
 * before has let go of the data directory. The container adapter undeploys by signalling the process and does not
 * wait for it to exit, so on a slow machine the next Micro met the old one still stopping its embedded PostgreSQL,
 * was refused the data directory ("in use by another running Nubo"), deployed nothing, and every test of that class
 * failed with "ArquillianServletRunnerEE9 not found" (CI of 2026-12-04).
 */
public final class PreviousServerGone implements LoadableExtension {
    private static final long WAIT_SECONDS = 90;

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(PreviousServerGone.Waiter.class);
    }

    /** The observer; public with a no-argument constructor, as Arquillian instantiates it. */
    public static final class Waiter {
        public void beforeDeploy(@Observes BeforeDeploy event) throws IOException, InterruptedException {
            Path lockFile = Path.of(System.getProperty("nubo.arquillian.dataDir", "target/arquillian-data"))
                    .resolve("nubo.lock");
            if (!Files.exists(lockFile)) {
                return;
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!free(lockFile)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(lockFile + " is still held by another process after " + WAIT_SECONDS
                            + " s: a Payara Micro of an earlier test did not stop");
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }

        /** Whether no other process holds the data directory's lock (Nubo's EmbeddedDatabase takes it). */
        private static boolean free(Path lockFile) throws IOException {
            try (RandomAccessFile file = new RandomAccessFile(lockFile.toFile(), "rw");
                    FileChannel channel = file.getChannel()) {
                FileLock lock = channel.tryLock();
                if (lock == null) {
                    return false;
                }
                lock.release();
                return true;
            }
        }
    }
}
