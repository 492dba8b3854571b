package dev.nubo.settings.api;

import java.time.Instant;

/**
 * What an admin wants to know about the running server, without a secret: the database address has no password,
 * and counts come from one query. {@code baseUrl} is null unless NUBO_BASE_URL is set; {@code storageBytes} is the
 * size of all stored content (each distinct content once).
 */
public record ServerFacts(
        String baseUrl,
        String dataDir,
        String databaseUrl,
        String databaseVersion,
        String javaVersion,
        String javaVm,
        Instant startedAt,
        long uptimeSeconds,
        long users,
        long storageBytes,
        long files,
        long folders,
        long trashedItems) {}
