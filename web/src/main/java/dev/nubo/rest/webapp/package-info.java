/**
 * Serving the web app (the Svelte build of {@code frontend/}, at the root of this WAR): its pages answer index.html
 * with the security headers of an HTML page of this origin; its hashed assets are immutable; precompressed siblings
 * are chosen by Accept-Encoding (RFC 9110 section 12.5.3) with a strong ETag per representation (section 8.8.3).
 */
package dev.nubo.rest.webapp;
