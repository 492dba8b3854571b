/** The stored overrides and the port to where they are stored. */
package dev.nubo.settings.domain;
