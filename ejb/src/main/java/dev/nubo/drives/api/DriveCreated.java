package dev.nubo.drives.api;

import java.util.UUID;

/**
 * Fired synchronously inside the transaction that creates a drive, so its root folder is made atomically with it.
 * Not {@code UserCreated}: a drive gets no calendar or address book.
 */
public record DriveCreated(UUID driveId) {}
