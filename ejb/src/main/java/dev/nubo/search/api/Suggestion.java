package dev.nubo.search.api;

/** A type-ahead proposal: an item whose name starts with or contains what was typed. */
public record Suggestion(long id, String name, boolean folder) {}
