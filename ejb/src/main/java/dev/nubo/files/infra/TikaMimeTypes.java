package dev.nubo.files.infra;

import org.apache.tika.Tika;

/** A file's MIME type from its name, by Apache Tika's type database (the content is never sniffed for this). */
public final class TikaMimeTypes {
    public static final String UNKNOWN = "application/octet-stream";
    private static final Tika TIKA = new Tika();

    private TikaMimeTypes() {}

    public static String forName(String name) {
        String type = TIKA.detect(name);
        return type == null || type.isBlank() ? UNKNOWN : type;
    }
}
