package dev.nubo.files.api;

import java.util.List;
import java.util.UUID;

/** Items a user starred; only those the user may still see are listed. */
public interface Favorites {
    int MAX_LIST = 1000;

    void add(UUID caller, long nodeId);

    void remove(UUID caller, long nodeId);

    boolean isFavorite(UUID caller, long nodeId);

    List<NodeView> list(UUID caller);
}
