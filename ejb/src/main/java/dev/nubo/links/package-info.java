/**
 * Public links (issue 10, part 4): a token URL that opens a file or folder to anyone holding it, under a permission
 * (view, download, drop, edit), with an optional Argon2id password, expiry and download limit. The owner side
 * ({@link dev.nubo.links.api.Links}) creates, lists, changes and revokes links of items the caller may share
 * ({@code FileAccess.Need.SHARE}); the anonymous side ({@link dev.nubo.links.api.PublicLinks}) resolves a token to
 * its live link and root, checks a need against the link's permission, and lists, reads and writes below the root
 * only. The REST API, the public web page, public WebDAV ({@code dev.nubo.dav.PublicLinkDav}) and the OCS link shares
 * use it. A link lives only while its creator may still share its item (the owner always, a manager while a manager
 * grant reaches them), checked in the statement that finds it. Every creation, change, revocation, access and failed
 * password is recorded in the sharing audit trail.
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.links;
