/** What the WARs may call: the owner side ({@link Links}), the anonymous side ({@link PublicLinks}), their records. */
package dev.nubo.links.api;
