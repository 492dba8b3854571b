/** Link tokens and unlock signatures (pure rules, unit-tested), and the link store the services use. */
package dev.nubo.links.domain;
