/**
 * The trash: items deleted on any surface keep their place in the tree, marked with when they were deleted and the
 * folder path they came from; they can be listed, restored (to where they were, recreating that folder if it is
 * gone and renaming on a name clash), deleted forever, or emptied, and are purged automatically after
 * {@code NUBO_TRASH_RETENTION_DAYS}. Trashed bytes count against the quota until purged.
 */
package dev.nubo.trash;
