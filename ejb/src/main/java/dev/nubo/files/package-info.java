/**
 * Files and folders: names, the tree, uploads and downloads, shared by REST, WebDAV and the Nextcloud dialect.
 * Protocol pieces every download surface needs live here too: byte ranges (RFC 9110 section 14) and
 * Content-Disposition file names (RFC 6266 with RFC 8187 encoding).
 */
package dev.nubo.files;
