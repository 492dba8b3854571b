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
 *
 * <p>Layers, the same in every feature, each where the feature has that part (docs/architecture.md; checked by
 * FeatureLayersTest and FeatureBoundariesTest): {@code api} is what other features and the WARs use, and depends on no
 * {@code service} or {@code infra}; {@code domain} holds the feature's types and rules without I/O; {@code service}
 * holds the beans where a unit of work with a transaction or a timer starts; {@code infra} holds SQL, indexes and
 * files, and implements an {@code api} interface itself where no service logic stands between. Transactions begin in
 * {@code service} or {@code infra}, never in {@code api} or {@code domain}. Other features are reached through their
 * {@code api} only.
 */
package dev.nubo.media;
