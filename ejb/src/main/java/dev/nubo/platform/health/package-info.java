/** Health: MicroProfile Health readiness and liveness, and the facts /api/health reports. */
package dev.nubo.platform.health;
