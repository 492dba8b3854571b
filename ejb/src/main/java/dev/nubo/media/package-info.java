/**
 * Media: what image, audio and video files say about themselves (dimensions, capture time, camera, place, duration)
 * and the small previews the clients show instead of the full file (issue 7, parts 2 and 4). Plain library code with
 * no container, database or HTTP: the files feature decides when to probe and render, this package only reads the
 * bytes it is given and writes thumbnails where it is told.
 *
 * <p>Everything here reads untrusted uploads, so it is bounded first: an image's header is checked against a pixel
 * limit before any pixel is decoded, decoding is subsampled so a bitmap never grows much past the largest preview
 * asked for, and bad content ends in a typed {@link dev.nubo.media.api.MediaException} (or, for metadata, simply in
 * fewer known fields), never in an unchecked exception or an {@link OutOfMemoryError}.
 */
package dev.nubo.media;
