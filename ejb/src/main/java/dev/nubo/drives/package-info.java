/**
 * Shared drives (issue 10, part 5): team spaces owned by the organisation. A drive is an account of kind
 * {@code drive} in {@code users} that owns a tree, a quota and a trash but can never sign in; its members are grants
 * on its root folder (viewer, editor, manager), to users or groups, so the one access check of
 * {@code dev.nubo.files.api.FileAccess} decides for drives as for any shared folder. Admins create, rename, set the
 * quota of and delete drives; admins and the drive's managers manage its members.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.drives;
