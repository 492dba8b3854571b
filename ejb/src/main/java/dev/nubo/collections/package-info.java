/**
 * Collections of DAV object resources kept in PostgreSQL: CalDAV calendars (RFC 4791 §4.2, §5.3) and CardDAV
 * address books (RFC 6352 §5.2, §6.3). Owns each collection's settings and dead properties, its members (the bytes as
 * the client sent them plus the columns queries filter on), the one-UID-per-collection rule and the change counter
 * behind sync-token (RFC 6578) and getctag. Parsing the data is the calendar and contacts features' business; the
 * protocol is the DAV engine's.
 */
package dev.nubo.collections;
