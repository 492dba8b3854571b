/**
 * Contact data (vCard 3.0, RFC 2426, and 4.0, RFC 6350) as CardDAV stores and queries it (RFC 6352): an address
 * object resource is validated (section 5.1: one vCard with a UID, a supported version), indexed (names, emails,
 * phones, kind, categories, group members, including Apple's X-ADDRESSBOOKSERVER-KIND/MEMBER groups) and matched
 * against addressbook-query filters (section 10.5). Read with vinnie, ez-vcard's line parser.
 */
package dev.nubo.contacts;
