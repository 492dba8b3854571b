package dev.nubo.dav;

/**
 * How a surface speaks WebDAV: plain RFC 4918 (/dav), or Nextcloud's dialect (/nextcloud/remote.php), which adds the
 * oc: and nc: properties, favorites, X-OC-MTime, OC-Checksum and the OC-ETag / OC-FileId headers.
 */
public enum DavDialect {
    WEBDAV,
    NEXTCLOUD
}
