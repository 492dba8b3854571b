package dev.nubo.share.api;

import java.util.Objects;
import java.util.UUID;

/** Whom a grant is for: a user or a group, with the names shown for it. */
public record Grantee(Kind kind, UUID id, String name, String displayName) {
    public enum Kind {
        USER,
        GROUP
    }

    public Grantee {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(id);
    }

    /** The words the audit trail keeps: "user alice", "group team". */
    public String describe() {
        return (kind == Kind.USER ? "user " : "group ") + name;
    }
}
