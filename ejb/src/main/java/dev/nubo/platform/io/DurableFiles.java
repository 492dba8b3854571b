package dev.nubo.platform.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** What makes file system changes survive a crash, for every feature that writes files (blobs, uploads, thumbnails). */
public final class DurableFiles {
    private DurableFiles() {}

    /** Makes a rename or a new entry in {@code dir} durable (the directory's own fsync). */
    public static void fsyncDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
