package dev.nubo.collections.api;

import java.util.List;

/**
 * What changed in a collection after a change number (RFC 6578): members written since, with their etags, and names
 * removed since. {@code syncSeq} is the number to hand back as the new token; when {@code truncated}, it is the last
 * change included and the client asks again from there.
 */
public record Changes(List<Changed> changed, List<String> removed, long syncSeq, boolean truncated) {
    public record Changed(String name, String etag) {}

    public Changes {
        changed = List.copyOf(changed);
        removed = List.copyOf(removed);
    }
}
