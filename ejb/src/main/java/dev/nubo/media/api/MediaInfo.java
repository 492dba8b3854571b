package dev.nubo.media.api;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * What a file's content says about itself; null fields = unknown / not applicable.
 *
 * <p>{@code takenAt} is the wall-clock time the camera recorded, as it recorded it: EXIF keeps local time, and the
 * zone only when the camera also wrote an offset ({@code takenAtOffset}); inventing one from the server's zone would
 * put holiday photos at the wrong hour. Width and height are as displayed, after any EXIF rotation.
 *
 * @param width displayed width in pixels
 * @param height displayed height in pixels
 * @param durationMs playing time of audio or video in milliseconds
 * @param takenAt capture time as the camera's clock showed it
 * @param takenAtOffset the offset from UTC of {@code takenAt}, when the camera wrote one
 * @param cameraMake camera maker, trimmed
 * @param cameraModel camera model, trimmed
 * @param latitude decimal degrees, north positive
 * @param longitude decimal degrees, east positive
 */
public record MediaInfo(
        Integer width,
        Integer height,
        Long durationMs,
        LocalDateTime takenAt,
        ZoneOffset takenAtOffset,
        String cameraMake,
        String cameraModel,
        Double latitude,
        Double longitude) {
    /** Nothing known. */
    public static final MediaInfo NONE = new MediaInfo(null, null, null, null, null, null, null, null, null);
}
