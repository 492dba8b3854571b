/**
 * Server settings an admin changes at runtime, without a restart: each editable setting has a built-in default, an
 * optional {@code NUBO_*} environment value overriding it, and an optional database row (table
 * {@code server_settings}) overriding both from the next request on. Consumers read the effective value at the
 * moment they need it (user creation, the maintenance round), so nothing is cached and nothing goes stale. Also the
 * read-only facts an admin wants to see about the running server (versions, addresses, counts), never a secret.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.settings;
