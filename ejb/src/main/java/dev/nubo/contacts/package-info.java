/**
 * Contact data (vCard 3.0, RFC 2426, and 4.0, RFC 6350) as CardDAV stores and queries it (RFC 6352): an address
 * object resource is validated (section 5.1: one vCard with a UID, a supported version), indexed (names, emails,
 * phones, kind, categories, group members, including Apple's X-ADDRESSBOOKSERVER-KIND/MEMBER groups) and matched
 * against addressbook-query filters (section 10.5). Read with vinnie, ez-vcard's line parser.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.contacts;
