/** What other features and the WARs may call: the effective settings, their administration, the server facts. */
package dev.nubo.settings.api;
