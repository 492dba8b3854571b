package dev.nubo.links.api;

import java.time.Instant;
import java.util.Optional;

/** A new link: what it opens, how, and its optional password, expiry, download limit and label. */
public record LinkSpec(
        long nodeId,
        LinkPermission permission,
        Optional<String> password,
        Optional<Instant> expiresAt,
        Optional<Integer> downloadLimit,
        Optional<String> label) {}
