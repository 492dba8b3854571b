/**
 * WebDAV over the file trees, shared by the /dav and /nextcloud WARs. {@link dev.nubo.dav.DavEngine} finds the
 * request's resource ({@link dev.nubo.dav.DavTargets}: the caller's tree, "Shared with me", "Drives" or a public
 * link's item), checks its If header and hands the request to the class of its method: PropfindMethod, GetMethod,
 * WriteMethods (PUT, MKCOL, PROPPATCH), CopyMoveMethods (COPY, MOVE, DELETE) and LockMethods (LOCK, UNLOCK). The
 * Nextcloud dialect's parts are the Nextcloud* classes and ChunkedUploadDav; the protocol pieces are in
 * {@code dav.core}, CalDAV and CardDAV in {@code dav.pim}. Every rule (permissions, quota, trash, etags) is the files
 * core's, reached through {@code files.api}; these classes only speak the protocol.
 */
package dev.nubo.dav;
