package dev.nubo.files.api;

/** A folder in a picker: whether it has subfolders, so the picker knows whether to offer expanding it. */
public record FolderEntry(long id, String name, String etag, boolean hasSubfolders) {}
