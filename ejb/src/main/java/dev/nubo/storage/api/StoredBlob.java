package dev.nubo.storage.api;

/** The outcome of a write: the content's hash and size, and whether these bytes were new to the store. */
public record StoredBlob(ContentHash hash, long size, boolean created) {}
