package dev.nubo.search.api;

/**
 * One result: the item's id (the caller loads the rest from the database, which stays the source of truth) and its
 * relevance score, 0 when the results are sorted by something else than relevance.
 */
public record SearchHit(long id, float score) {}
