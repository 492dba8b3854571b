package dev.nubo.collections.api;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A calendar or address book as stored. {@code syncSeq} counts the changes to its members: the sync-token and the
 * getctag are derived from it and the id, so a collection deleted and made again under the same name never honours
 * the old one's tokens.
 */
public record DavCollection(
        long id,
        UUID ownerId,
        CollectionKind kind,
        String slug,
        String displayname,
        String description,
        String color,
        String timezone,
        Integer order,
        List<String> components,
        long syncSeq,
        Instant createdAt) {

    public DavCollection {
        components = List.copyOf(components);
    }
}
