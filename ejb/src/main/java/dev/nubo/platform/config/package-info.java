/**
 * Server-wide settings read through MicroProfile Config ({@code nubo.*} keys, overridable as {@code NUBO_*}
 * environment variables) and the one way a bad setting stops start-up.
 */
package dev.nubo.platform.config;
