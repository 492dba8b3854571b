/**
 * The WebDAV protocol pieces every DAV surface shares and that know nothing of files, calendars or contacts: request
 * bodies read with StAX ({@link dev.nubo.dav.core.DavXml}), the streamed multistatus writer
 * ({@link dev.nubo.dav.core.Multistatus}), the If header and the HTTP preconditions, WebDAV locks and their lock
 * spaces, encoded paths and hrefs, dead properties in PostgreSQL, and the one error model:
 * {@link dev.nubo.dav.core.DavException}, answered by {@link dev.nubo.dav.core.DavErrors} on the file trees, public
 * links, the Nextcloud paths, CalDAV and CardDAV alike.
 */
package dev.nubo.dav.core;
