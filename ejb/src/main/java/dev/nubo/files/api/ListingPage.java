package dev.nubo.files.api;

import java.util.List;
import java.util.Optional;

/**
 * One page of a folder, folders first then by name. {@code next} is the keyset cursor for the following page
 * (absent on the last one): the name and kind of the last entry, so a page costs the same at any depth.
 */
public record ListingPage(List<NodeView> entries, Optional<Cursor> next) {
    public record Cursor(boolean folder, String name) {}
}
