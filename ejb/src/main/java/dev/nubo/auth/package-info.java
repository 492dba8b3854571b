/**
 * Authentication: Argon2id password hashes, HS256 JWT access tokens (RFC 7519) with rotating refresh tokens and
 * reuse detection, CSRF tokens for cookie sessions, HTTP Basic (RFC 7617) with account or app passwords behind a
 * verified-credentials cache, and login throttling per account and per client address.
 */
package dev.nubo.auth;
