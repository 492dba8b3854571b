package dev.nubo.collections.api;

/** A label (a vCard CATEGORIES value) and how many members carry it. */
public record TagCount(String name, long count) {}
