/** What other features and the WARs may call: drive administration, memberships, the event that makes a root. */
package dev.nubo.drives.api;
