package dev.nubo.perf.jmh;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * A folder's listing as the JDBC driver hands it to {@code NodeRows.view}: one {@code Object[]} per node in the order
 * of {@code NodeRows.COLUMNS} (id, parent_id, name, kind, size, mime_type, etag, created_at, modified_at, blob_hash).
 * PostgreSQL's driver answers bigint as {@link Long}, char and varchar as {@link String} and timestamptz as {@link
 * Timestamp}. One node in ten is a folder (no blob, no MIME type); the names mix camera-style ASCII with spaces,
 * accented letters and reserved characters, as a synced Documents folder does. Seeded, so every run lists the same.
 */
final class FolderRows {
    private static final long PARENT = 1_000L;
    private static final Instant START = Instant.parse("2024-03-01T09:00:00Z");

    private FolderRows() {}

    static List<Object[]> of(int count) {
        Random random = new Random(42);
        HexFormat hex = HexFormat.of();
        List<Object[]> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            boolean folder = i % 10 == 0;
            String[] file = FILES[i % FILES.length];
            String name = folder ? "Dossier " + i + " (archivé)" : String.format(file[0], i);
            Timestamp created = Timestamp.from(START.plusSeconds(i * 3_600L));
            Timestamp modified = Timestamp.from(START.plusSeconds(i * 3_600L + random.nextInt(86_400)));
            rows.add(new Object[] {
                PARENT + 1 + i,
                PARENT,
                name,
                folder ? "d" : "f",
                (long) random.nextInt(folder ? 1 << 30 : 20_000_000),
                folder ? null : file[1],
                hex.formatHex(bytes(random, 16)),
                created,
                modified,
                folder ? null : hex.formatHex(bytes(random, 32))
            });
        }
        return rows;
    }

    /** Name patterns (with the row number) and their MIME types. */
    private static final String[][] FILES = {
        {"IMG_20240512_%04d.jpg", "image/jpeg"},
        {"Rapport annuel %d.pdf", "application/pdf"},
        {"Réunion équipe – %d.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
        {"budget & plan #%d (v2).xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
        {"notes_%d.md", "text/markdown"},
        {"Übersicht <Q%d> 50%%+.txt", "text/plain"},
        {"VID_%d.mp4", "video/mp4"},
    };

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
