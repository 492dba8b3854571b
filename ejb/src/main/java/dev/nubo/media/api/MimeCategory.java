package dev.nubo.media.api;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The coarse kind of a file, from its MIME type, for the clients' type filters and icons: {@code image}, {@code audio},
 * {@code video}, {@code pdf}, {@code text}, {@code document}, {@code spreadsheet}, {@code presentation},
 * {@code archive} or {@code other}. Folders are not a MIME type; callers handle them.
 *
 * <p>The office families are listed by their registered types (Microsoft binary and OOXML, OpenDocument, Apple
 * iWork) because their MIME types share no prefix that says "spreadsheet"; CSV and TSV count as spreadsheets because
 * that is what opens them, as in Nextcloud's own type aliases.
 */
public final class MimeCategory {
    public static final String IMAGE = "image";
    public static final String AUDIO = "audio";
    public static final String VIDEO = "video";
    public static final String PDF = "pdf";
    public static final String TEXT = "text";
    public static final String DOCUMENT = "document";
    public static final String SPREADSHEET = "spreadsheet";
    public static final String PRESENTATION = "presentation";
    public static final String ARCHIVE = "archive";
    public static final String OTHER = "other";

    private static final List<String> ALL =
            List.of(IMAGE, AUDIO, VIDEO, PDF, TEXT, DOCUMENT, SPREADSHEET, PRESENTATION, ARCHIVE, OTHER);

    private static final Set<String> DOCUMENTS = Set.of(
            "application/msword",
            "application/rtf",
            "text/rtf",
            "application/vnd.oasis.opendocument.text",
            "application/vnd.oasis.opendocument.text-template",
            "application/vnd.oasis.opendocument.text-master",
            "application/vnd.apple.pages",
            "application/x-abiword",
            "application/epub+zip");
    private static final Set<String> SPREADSHEETS = Set.of(
            "application/vnd.ms-excel",
            "text/csv",
            "text/tab-separated-values",
            "application/vnd.oasis.opendocument.spreadsheet",
            "application/vnd.oasis.opendocument.spreadsheet-template",
            "application/vnd.apple.numbers");
    private static final Set<String> PRESENTATIONS = Set.of(
            "application/vnd.ms-powerpoint",
            "application/vnd.oasis.opendocument.presentation",
            "application/vnd.oasis.opendocument.presentation-template",
            "application/vnd.apple.keynote");
    private static final Set<String> ARCHIVES = Set.of(
            "application/zip",
            "application/x-zip-compressed",
            "application/gzip",
            "application/x-gzip",
            "application/x-tar",
            "application/x-gtar",
            "application/x-bzip",
            "application/x-bzip2",
            "application/x-xz",
            "application/x-lzma",
            "application/x-lzip",
            "application/x-compress",
            "application/zstd",
            "application/x-7z-compressed",
            "application/vnd.rar",
            "application/x-rar-compressed",
            "application/x-archive",
            "application/x-cpio",
            "application/java-archive",
            "application/vnd.ms-cab-compressed",
            "application/x-iso9660-image",
            "application/x-debian-package",
            "application/x-rpm");
    /** Application types that are text a person reads and edits, so a text editor is the right opener. */
    private static final Set<String> TEXTS = Set.of(
            "application/json",
            "application/xml",
            "application/javascript",
            "application/x-javascript",
            "application/x-sh",
            "application/x-yaml",
            "application/yaml",
            "application/toml",
            "application/sql",
            "application/x-tex",
            "application/x-latex");

    private MimeCategory() {}

    /** The category of a MIME type; parameters ({@code ;charset=…}) and case are ignored, null is {@code other}. */
    public static String of(String mimeType) {
        if (mimeType == null) {
            return OTHER;
        }
        String type = essence(mimeType);
        if (DOCUMENTS.contains(type) || type.startsWith("application/vnd.ms-word.")) {
            return DOCUMENT;
        }
        if (SPREADSHEETS.contains(type) || type.startsWith("application/vnd.ms-excel.")) {
            return SPREADSHEET;
        }
        if (PRESENTATIONS.contains(type) || type.startsWith("application/vnd.ms-powerpoint.")) {
            return PRESENTATION;
        }
        if (ARCHIVES.contains(type)) {
            return ARCHIVE;
        }
        if (type.equals("application/pdf")) {
            return PDF;
        }
        return byPrefix(type);
    }

    /** Every category, in the order the clients list them. */
    public static List<String> all() {
        return ALL;
    }

    private static String byPrefix(String type) {
        if (type.startsWith("application/vnd.openxmlformats-officedocument.")) {
            return ooxml(type);
        }
        if (type.startsWith("image/")) {
            return IMAGE;
        }
        if (type.startsWith("audio/")) {
            return AUDIO;
        }
        if (type.startsWith("video/")) {
            return VIDEO;
        }
        if (type.startsWith("text/") || TEXTS.contains(type) || type.endsWith("+xml") || type.endsWith("+json")) {
            return TEXT;
        }
        return OTHER;
    }

    /** {@code …officedocument.wordprocessingml.document}, {@code ….spreadsheetml.template} and so on. */
    private static String ooxml(String type) {
        String kind = type.substring("application/vnd.openxmlformats-officedocument.".length());
        if (kind.startsWith("wordprocessingml.")) {
            return DOCUMENT;
        }
        if (kind.startsWith("spreadsheetml.")) {
            return SPREADSHEET;
        }
        if (kind.startsWith("presentationml.")) {
            return PRESENTATION;
        }
        return OTHER;
    }

    private static String essence(String mimeType) {
        int semicolon = mimeType.indexOf(';');
        String type = semicolon < 0 ? mimeType : mimeType.substring(0, semicolon);
        return type.trim().toLowerCase(Locale.ROOT);
    }
}
