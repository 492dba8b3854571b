package dev.nubo.collections.api;

/** The result of writing a member: whether it was new, and its etag now. */
public record PutOutcome(boolean created, String etag) {}
