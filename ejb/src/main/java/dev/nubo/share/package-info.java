/**
 * Sharing (issue 10): grants of files and folders to users and groups under a role (viewer, editor, manager), with
 * an optional expiry, enforced by the one access check every surface uses ({@code dev.nubo.files.api.FileAccess});
 * "shared with me" and "shared by me"; and the audit trail of every grant, link and revocation.
 */
package dev.nubo.share;
