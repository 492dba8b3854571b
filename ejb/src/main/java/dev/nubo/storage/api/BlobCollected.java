package dev.nubo.storage.api;

/** A blob nobody referenced any more was deleted for good: whatever was derived from its content can go too. */
public record BlobCollected(ContentHash hash) {}
