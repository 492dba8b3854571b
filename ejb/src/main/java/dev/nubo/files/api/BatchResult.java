package dev.nubo.files.api;

import java.util.Optional;

/** The outcome for one item of a batch: the resulting node, or the error code and message it met. */
public record BatchResult(long id, Optional<NodeView> node, Optional<String> error, Optional<String> message) {
    public static BatchResult ok(long id, NodeView node) {
        return new BatchResult(id, Optional.ofNullable(node), Optional.empty(), Optional.empty());
    }

    public static BatchResult failed(long id, String code, String message) {
        return new BatchResult(id, Optional.empty(), Optional.of(code), Optional.of(message));
    }
}
