/** Table {@code public_links} through native SQL (one statement per question), and the unlock throttle. */
package dev.nubo.links.infra;
