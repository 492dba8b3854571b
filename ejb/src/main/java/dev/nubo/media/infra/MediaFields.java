package dev.nubo.media.infra;

import com.drew.lang.GeoLocation;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;
import com.drew.metadata.exif.GpsDirectory;
import dev.nubo.media.api.MediaInfo;

/** Builds a {@link MediaInfo} from a format's own size and duration and from metadata-extractor's EXIF directories. */
final class MediaFields {
    private MediaFields() {}

    static MediaInfo withDuration(Long durationMs) {
        return new MediaInfo(null, null, durationMs, null, null, null, null, null, null);
    }

    /** A size (0 = none, as for audio) and a duration, with nothing else known. */
    static MediaInfo sized(int width, int height, Long durationMs) {
        boolean sized = width > 0 && height > 0;
        return new MediaInfo(
                sized ? width : null, sized ? height : null, durationMs, null, null, null, null, null, null);
    }

    /**
     * A picture: its stored size (null or non-positive = unknown) turned by the EXIF orientation, and what its EXIF
     * says about capture time, camera and place.
     */
    static MediaInfo image(Metadata exif, Integer storedWidth, Integer storedHeight) {
        boolean sized = storedWidth != null && storedHeight != null && storedWidth > 0 && storedHeight > 0;
        boolean turned = ExifOrientation.of(exif).swapsAxes();
        ExifIFD0Directory ifd0 = exif.getFirstDirectoryOfType(ExifIFD0Directory.class);
        CaptureTime taken = CaptureTime.of(exif.getFirstDirectoryOfType(ExifSubIFDDirectory.class));
        GeoLocation place = place(exif.getFirstDirectoryOfType(GpsDirectory.class));
        return new MediaInfo(
                sized ? (turned ? storedHeight : storedWidth) : null,
                sized ? (turned ? storedWidth : storedHeight) : null,
                null,
                taken == null ? null : taken.local(),
                taken == null ? null : taken.offset(),
                text(ifd0, ExifDirectoryBase.TAG_MAKE),
                text(ifd0, ExifDirectoryBase.TAG_MODEL),
                place == null ? null : place.getLatitude(),
                place == null ? null : place.getLongitude());
    }

    /** A GPS fix; (0, 0) is what receivers without a fix write, and out-of-range values are damage. */
    private static GeoLocation place(GpsDirectory gps) {
        if (gps == null) {
            return null;
        }
        GeoLocation location = gps.getGeoLocation();
        if (location == null || location.isZero()) {
            return null;
        }
        double latitude = location.getLatitude();
        double longitude = location.getLongitude();
        if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
            return null;
        }
        return location;
    }

    /** A string tag trimmed (cameras pad with spaces and NULs); null when absent or blank. */
    static String text(Directory directory, int tag) {
        if (directory == null) {
            return null;
        }
        String value = directory.getString(tag);
        if (value == null) {
            return null;
        }
        String trimmed = value.replace('\0', ' ').strip();
        return trimmed.isEmpty() ? null : trimmed;
    }
}
