/**
 * Search (issue 7): finding files and folders by name, by the text inside them and by filters (owner, kind, type,
 * size, date, folder), plus type-ahead suggestions over names. The index is a derived, disposable copy of what the
 * database knows: it can always be rebuilt from the database, so a lost or corrupt index costs a rebuild, never data.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.search;
