/**
 * Media implementations: ImageIO decoding with TwelveMonkeys readers wired by hand (an application server does not
 * scan a web application's jars for ImageIO plugins), metadata through metadata-extractor, and thumbnails as files
 * published by atomic rename.
 */
package dev.nubo.media.infra;
