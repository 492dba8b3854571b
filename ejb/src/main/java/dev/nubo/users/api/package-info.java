/** The user directory's public side: what other features and the WARs may call. */
package dev.nubo.users.api;
