/** The owner side of public links over REST ({@code /api/links}); the visitor side is in {@code rest.files}. */
package dev.nubo.rest.links;
