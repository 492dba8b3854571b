package dev.nubo.media.api;

import java.util.Locale;
import java.util.Optional;

/** The preview sizes the clients ask for, by the length in pixels of the long side (never upscaled past the source). */
public enum ThumbnailSize {
    /** Grid and list icons. */
    ICON(150),
    /** The preview pane and mobile photo grids. */
    PREVIEW(400),
    /** The full-screen viewer, short of downloading the original. */
    LARGE(1280);

    private final int px;

    ThumbnailSize(int px) {
        this.px = px;
    }

    /** The long side in pixels. */
    public int px() {
        return px;
    }

    /** {@code "icon"}, {@code "preview"} or {@code "large"} in any case; empty for anything else (or null). */
    public static Optional<ThumbnailSize> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "icon" -> Optional.of(ICON);
            case "preview" -> Optional.of(PREVIEW);
            case "large" -> Optional.of(LARGE);
            default -> Optional.empty();
        };
    }
}
