/**
 * Server settings an admin changes at runtime, without a restart: each editable setting has a built-in default, an
 * optional {@code NUBO_*} environment value overriding it, and an optional database row (table
 * {@code server_settings}) overriding both from the next request on. Consumers read the effective value at the
 * moment they need it (user creation, the maintenance round), so nothing is cached and nothing goes stale. Also the
 * read-only facts an admin wants to see about the running server (versions, addresses, counts), never a secret.
 */
package dev.nubo.settings;
