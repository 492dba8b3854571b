/**
 * Authentication: Argon2id password hashes, HS256 JWT access tokens (RFC 7519) with rotating refresh tokens and
 * reuse detection, CSRF tokens for cookie sessions, HTTP Basic (RFC 7617) with account or app passwords behind a
 * verified-credentials cache, and login throttling per account and per client address.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.auth;
