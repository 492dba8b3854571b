package dev.nubo.search.api;

/**
 * How search results are ordered. Every order ends with the item id, so that pages never overlap or skip items
 * while the index stays the same.
 */
public enum SearchSort {
    /** Best match first; with no search words (browsing by filters alone) most recently modified first. */
    RELEVANCE,
    /** By name, case- and accent-insensitively. */
    NAME,
    SIZE,
    MODIFIED
}
