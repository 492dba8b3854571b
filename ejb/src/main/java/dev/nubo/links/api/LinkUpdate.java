package dev.nubo.links.api;

import java.time.Instant;
import java.util.Optional;

/**
 * A change to a link. Each field: empty = keep; present with a value = set; present and empty = clear (no password,
 * no expiry, no limit, no label). The permission cannot be cleared.
 */
public record LinkUpdate(
        Optional<LinkPermission> permission,
        Optional<Optional<String>> password,
        Optional<Optional<Instant>> expiresAt,
        Optional<Optional<Integer>> downloadLimit,
        Optional<Optional<String>> label) {}
