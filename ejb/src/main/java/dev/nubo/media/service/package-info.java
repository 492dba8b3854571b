/**
 * The media services: {@link dev.nubo.media.service.ThumbnailService} makes and finds thumbnails (once per content,
 * bounded concurrency, one render per burst); {@link dev.nubo.media.service.MediaWorker} reads new contents' facts
 * (sizes, EXIF, durations) and makes new images' thumbnails in the background, fed by the search indexer.
 */
package dev.nubo.media.service;
