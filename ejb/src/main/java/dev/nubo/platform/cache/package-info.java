/** JCache over Caffeine: the caches every surface shares. */
package dev.nubo.platform.cache;
