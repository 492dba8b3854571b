/**
 * Groups (issue 10): admins create groups and manage their members, users and other groups (nested; a membership
 * that would close a cycle is refused). A user's effective groups are resolved in one recursive query and cached,
 * with the cache dropped on every membership change, so sharing decisions never use a stale membership.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.groups;
