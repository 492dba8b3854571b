/**
 * Media implementations: ImageIO decoding with TwelveMonkeys readers wired by hand (an application server does not
 * scan a web application's jars for ImageIO plugins); container headers (PNG, RIFF, ISO media) walked by bounded
 * positioned reads, with metadata-extractor parsing only what is already bounded (JPEG segments, EXIF blocks, TIFF
 * through its seeking reader); and thumbnails as files published by atomic rename.
 */
package dev.nubo.media.infra;
