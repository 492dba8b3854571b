/**
 * The trash: items deleted on any surface keep their place in the tree, marked with when they were deleted and the
 * folder path they came from; they can be listed, restored (to where they were, recreating that folder if it is
 * gone and renaming on a name clash), deleted forever, or emptied, and are purged automatically after
 * {@code NUBO_TRASH_RETENTION_DAYS}. Trashed bytes count against the quota until purged.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.trash;
