package dev.nubo.search.api;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * One indexed file or folder, as the database knows it.
 *
 * @param id the item's id, the key under which the index adds, replaces and deletes it
 * @param ownerId the owner whose tree holds the item; searches only see the owners they are given
 * @param parentId the folder holding the item
 * @param ancestorIds folder ids from the owner's root down to the parent; what "within folder" filters on
 * @param name the item's name, searched case- and accent-insensitively, by word, word prefix and part of word
 * @param folder whether the item is a folder
 * @param size bytes (a folder's size is whatever the database says; size filters only ever match files)
 * @param mimeType the media type, {@code null} for folders
 * @param mimeCategory one of {@code image, audio, video, pdf, text, document, spreadsheet, presentation, archive,
 *     other}, or {@code folder}; {@code null} means {@code folder} for folders and {@code other} for files
 * @param modifiedAt last modification
 * @param content extracted text (see {@code TextExtractor}) or {@code null}; indexed, never stored
 */
public record IndexDoc(
        long id,
        UUID ownerId,
        long parentId,
        long[] ancestorIds,
        String name,
        boolean folder,
        long size,
        String mimeType,
        String mimeCategory,
        Instant modifiedAt,
        String content) {

    /** The category folders carry, so that a category filter can ask for them too. */
    public static final String FOLDER_CATEGORY = "folder";

    public IndexDoc {
        Objects.requireNonNull(ownerId, "ownerId");
        Objects.requireNonNull(modifiedAt, "modifiedAt");
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("an indexed item needs a name");
        }
        ancestorIds = ancestorIds == null ? new long[0] : ancestorIds.clone();
        if (mimeCategory == null || mimeCategory.isBlank()) {
            mimeCategory = folder ? FOLDER_CATEGORY : "other";
        }
    }

    /** A copy: records are values, and an array component would otherwise let callers change one. */
    @Override
    public long[] ancestorIds() {
        return ancestorIds.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IndexDoc that
                && id == that.id
                && parentId == that.parentId
                && folder == that.folder
                && size == that.size
                && ownerId.equals(that.ownerId)
                && Arrays.equals(ancestorIds, that.ancestorIds)
                && name.equals(that.name)
                && Objects.equals(mimeType, that.mimeType)
                && mimeCategory.equals(that.mimeCategory)
                && modifiedAt.equals(that.modifiedAt)
                && Objects.equals(content, that.content);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, ownerId, parentId, Arrays.hashCode(ancestorIds), name, folder, size, modifiedAt);
    }

    /** Without the content, which may be a megabyte of text. */
    @Override
    public String toString() {
        return "IndexDoc[id=" + id + ", ownerId=" + ownerId + ", parentId=" + parentId + ", ancestorIds="
                + Arrays.toString(ancestorIds) + ", name=" + name + ", folder=" + folder + ", size=" + size
                + ", mimeType=" + mimeType + ", mimeCategory=" + mimeCategory + ", modifiedAt=" + modifiedAt
                + ", content=" + (content == null ? "null" : content.length() + " chars") + "]";
    }
}
