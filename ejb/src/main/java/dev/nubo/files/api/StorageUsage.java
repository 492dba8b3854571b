package dev.nubo.files.api;

/**
 * A user's storage: {@code usedBytes} is the size of every file they own, the trash included, and is what the
 * quota ({@code null} = unlimited) limits; {@code trashBytes} is the trashed part of it.
 */
public record StorageUsage(long usedBytes, Long quotaBytes, long trashBytes, long files, long folders) {}
