package dev.nubo.files.api;

import java.util.Collection;
import java.util.Map;
import java.util.UUID;

/**
 * Where items sit, for listings that name many at once (the OCS share list): each item with its path as the caller
 * sees it, the answer {@link FileTree#get} and {@link FileTree#pathOf} give one item at a time, for a whole page in
 * one statement.
 */
public interface Locations {
    /** An item and its path ("/Work/Projects"; "/" for the root) as the caller sees it. */
    record Located(NodeView node, String path) {}

    /** The items the caller may read, by id; ids the caller may not see (or in the trash) are absent. */
    Map<Long, Located> locate(UUID caller, Collection<Long> nodeIds);
}
