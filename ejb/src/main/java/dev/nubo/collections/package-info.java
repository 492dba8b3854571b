/**
 * Collections of DAV object resources kept in PostgreSQL: CalDAV calendars (RFC 4791 §4.2, §5.3) and CardDAV
 * address books (RFC 6352 §5.2, §6.3). Owns each collection's settings and dead properties, its members (the bytes as
 * the client sent them plus the columns queries filter on), the one-UID-per-collection rule and the change counter
 * behind sync-token (RFC 6578) and getctag. Parsing the data is the calendar and contacts features' business; the
 * protocol is the DAV engine's.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.collections;
