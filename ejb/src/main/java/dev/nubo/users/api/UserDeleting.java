package dev.nubo.users.api;

import java.util.UUID;

/**
 * Fired synchronously inside the deleting transaction, before the user's row goes (and with it, by cascade, their
 * rows in every feature): a feature whose data outlives the rows — shared blobs that count references — settles it
 * here, atomically with the deletion.
 */
public record UserDeleting(UUID userId) {}
