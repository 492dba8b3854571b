/** What surfaces call: the caller's trash. */
package dev.nubo.trash.api;
