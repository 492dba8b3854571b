package dev.nubo.search.infra;

import java.util.Locale;
import java.util.Set;

/**
 * Which files have searchable text, and how to get it, decided by media type or, when the type is missing or
 * generic ({@code application/octet-stream}), by name. Office documents, images, audio, video and archives have
 * none here: their names are still searched.
 */
enum TextKind {
    NONE,
    /** UTF-8 text read as it is: plain text, Markdown, source code, CSV/TSV, JSON, XML, YAML, TOML, INI, logs. */
    PLAIN,
    /** HTML and XHTML, with tags, comments, scripts and styles stripped and entities decoded. */
    HTML,
    /** PDF, its text layer through PDFBox (scanned pages without one have no text). */
    PDF;

    private static final Set<String> PLAIN_EXTENSIONS = Set.of(
            // prose and data
            "txt",
            "text",
            "md",
            "markdown",
            "mdown",
            "rst",
            "adoc",
            "asciidoc",
            "org",
            "tex",
            "log",
            "csv",
            "tsv",
            "json",
            "jsonl",
            "ndjson",
            "geojson",
            "xml",
            "xsd",
            "xsl",
            "xslt",
            "yaml",
            "yml",
            "toml",
            "ini",
            "cfg",
            "conf",
            "properties",
            "env",
            "srt",
            "vtt",
            "ics",
            "vcf",
            "diff",
            "patch",
            // source code
            "java",
            "kt",
            "kts",
            "scala",
            "groovy",
            "gradle",
            "js",
            "mjs",
            "cjs",
            "jsx",
            "ts",
            "tsx",
            "vue",
            "svelte",
            "py",
            "pyi",
            "c",
            "h",
            "cc",
            "cpp",
            "cxx",
            "hpp",
            "hh",
            "cs",
            "go",
            "rs",
            "rb",
            "php",
            "pl",
            "pm",
            "lua",
            "r",
            "swift",
            "m",
            "mm",
            "dart",
            "sh",
            "bash",
            "zsh",
            "fish",
            "ps1",
            "bat",
            "cmd",
            "css",
            "scss",
            "sass",
            "less",
            "sql",
            "graphql",
            "gql",
            "proto",
            "tf",
            "hcl",
            "cmake");
    private static final Set<String> HTML_EXTENSIONS = Set.of("html", "htm", "xhtml");
    private static final Set<String> PLAIN_NAMES =
            Set.of("makefile", "dockerfile", "readme", "license", "changelog", "authors", "contributing");
    private static final Set<String> PLAIN_APPLICATION_TYPES = Set.of(
            "application/json",
            "application/ld+json",
            "application/x-ndjson",
            "application/xml",
            "application/yaml",
            "application/x-yaml",
            "application/toml",
            "application/javascript",
            "application/x-javascript",
            "application/ecmascript",
            "application/typescript",
            "application/x-sh",
            "application/x-shellscript",
            "application/sql",
            "application/x-sql",
            "application/x-httpd-php",
            "application/x-php",
            "application/x-python",
            "application/x-ruby",
            "application/x-perl",
            "application/x-tex",
            "application/x-latex",
            "application/csv",
            "application/graphql");
    /** {@code text/*} types whose bytes are markup nobody searches for. */
    private static final Set<String> NOT_PLAIN_TEXT_TYPES = Set.of("text/rtf", "text/x-rtf");

    static TextKind of(String mimeType, String name) {
        String type = mimeType == null ? "" : baseType(mimeType);
        String extension = extension(name);
        if (type.equals("application/pdf") || type.equals("application/x-pdf") || extension.equals("pdf")) {
            return PDF;
        }
        if (type.equals("text/html") || type.equals("application/xhtml+xml") || HTML_EXTENSIONS.contains(extension)) {
            return HTML;
        }
        if (isPlainType(type) || PLAIN_EXTENSIONS.contains(extension)) {
            return PLAIN;
        }
        return name != null && PLAIN_NAMES.contains(name.toLowerCase(Locale.ROOT)) ? PLAIN : NONE;
    }

    private static boolean isPlainType(String type) {
        if (type.startsWith("text/")) {
            return !NOT_PLAIN_TEXT_TYPES.contains(type);
        }
        return PLAIN_APPLICATION_TYPES.contains(type)
                || (type.startsWith("application/") && (type.endsWith("+json") || type.endsWith("+xml")));
    }

    private static String baseType(String mimeType) {
        int parameters = mimeType.indexOf(';');
        return (parameters < 0 ? mimeType : mimeType.substring(0, parameters))
                .trim()
                .toLowerCase(Locale.ROOT);
    }

    private static String extension(String name) {
        if (name == null) {
            return "";
        }
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
