/**
 * Security pieces more than one feature uses: the per-installation secrets in {@code server_secrets} (sign-in tokens,
 * CSRF, public links) and the failure throttle behind sign-in lockout and link-password attempts.
 */
package dev.nubo.platform.security;
