package dev.nubo.rest.files;

import dev.nubo.files.api.ContentDisposition;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.FileContent.ArchiveEntry;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A selection as a ZIP, written straight to the response: no temporary file, memory bounded by one read buffer.
 * java.util.zip switches to ZIP64 records on its own for entries or archives past 4 GiB or 65,535 entries.
 */
final class ZipDownload {
    private ZipDownload() {}

    /** The 200 answer: the ZIP named after the item ("files.zip" for a selection or the root), as an attachment. */
    static Response response(FileContent content, List<ArchiveEntry> entries, String name) {
        return Response.ok(of(content, entries), "application/zip")
                .header(
                        "Content-Disposition",
                        ContentDisposition.attachment((name.isEmpty() ? "files" : name) + ".zip"))
                .build();
    }

    static StreamingOutput of(FileContent content, List<ArchiveEntry> entries) {
        return out -> {
            try (ZipOutputStream zip = new ZipOutputStream(out)) {
                zip.setLevel(Deflater.BEST_SPEED);
                Set<String> seen = new HashSet<>();
                for (ArchiveEntry e : entries) {
                    ZipEntry entry = new ZipEntry(unique(e.path(), seen));
                    entry.setLastModifiedTime(FileTime.from(e.modifiedAt()));
                    zip.putNextEntry(entry);
                    if (!e.folder()) {
                        try (FileChannel channel = content.openBlob(e.blob().orElseThrow())
                                .orElseThrow(() -> new IOException("blob missing for " + e.path()))) {
                            Downloads.copy(channel, 0, e.size(), zip);
                        }
                    }
                    zip.closeEntry();
                }
            }
        };
    }

    /** Two selected items of the same name (from different folders) must not collide in the archive. */
    private static String unique(String path, Set<String> seen) {
        String candidate = path;
        for (int n = 2; !seen.add(candidate); n++) {
            int slash = path.indexOf('/');
            candidate = slash < 0
                    ? path + " (" + n + ")"
                    : path.substring(0, slash) + " (" + n + ")" + path.substring(slash);
        }
        return candidate;
    }
}
