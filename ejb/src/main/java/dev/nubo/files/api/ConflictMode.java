package dev.nubo.files.api;

import dev.nubo.platform.api.NuboException;
import java.util.Locale;

/** What a write does when its name is already taken in the target folder. */
public enum ConflictMode {
    /** 409 {@code name_taken}. */
    FAIL,
    /** The new item gets the first free "name (n).ext". */
    KEEP_BOTH,
    /** A file's content is replaced (its id stays, its etag changes); a folder is never replaced. */
    OVERWRITE;

    /** The API spelling: {@code fail}, {@code keep-both}, {@code overwrite}; absent means {@code fail}. */
    public static ConflictMode parse(String value) {
        if (value == null || value.isBlank()) {
            return FAIL;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "fail" -> FAIL;
            case "keep-both", "rename" -> KEEP_BOTH;
            case "overwrite", "replace" -> OVERWRITE;
            default -> throw NuboException.invalid("conflict must be fail, keep-both or overwrite");
        };
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
