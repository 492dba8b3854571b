/** Authentication's public side: the service every surface calls and what it returns. */
package dev.nubo.auth.api;
