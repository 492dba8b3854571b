/** Cross-feature vocabulary every surface maps: the error type and its kinds. */
package dev.nubo.platform.api;
