/**
 * Public links (issue 10, part 4): a token URL that opens a file or folder to anyone holding it, under a permission
 * (view, download, drop, edit), with an optional Argon2id password, expiry and download limit. The owner side
 * ({@link dev.nubo.links.api.Links}) creates, lists, changes and revokes links of items the caller may share
 * ({@code FileAccess.Need.SHARE}); the anonymous side ({@link dev.nubo.links.api.PublicLinks}) resolves a token to
 * its live link and root, checks a need against the link's permission, and lists, reads and writes below the root
 * only. The REST API and the public web page use it today; a public WebDAV adapter can use the same calls. Every
 * creation, change, revocation, access and failed password is recorded in the sharing audit trail.
 */
package dev.nubo.links;
