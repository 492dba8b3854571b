package dev.nubo.media.infra;

import com.drew.lang.GeoLocation;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.avi.AviDirectory;
import com.drew.metadata.bmp.BmpHeaderDirectory;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;
import com.drew.metadata.exif.GpsDirectory;
import com.drew.metadata.gif.GifHeaderDirectory;
import com.drew.metadata.jpeg.JpegDirectory;
import com.drew.metadata.mov.QuickTimeDirectory;
import com.drew.metadata.mov.media.QuickTimeVideoDirectory;
import com.drew.metadata.mp4.Mp4Directory;
import com.drew.metadata.mp4.media.Mp4VideoDirectory;
import com.drew.metadata.png.PngDirectory;
import com.drew.metadata.webp.WebpDirectory;
import dev.nubo.media.api.MediaInfo;
import java.util.List;

/** Turns metadata-extractor's directories into a {@link MediaInfo}; each field on its own, null when absent. */
final class MediaFields {
    /** Where each format keeps its pixel size: the directory and its width and height tags. */
    private record SizeTags(Class<? extends Directory> directory, int width, int height) {}

    private static final List<SizeTags> IMAGE_SIZES = List.of(
            new SizeTags(JpegDirectory.class, JpegDirectory.TAG_IMAGE_WIDTH, JpegDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(PngDirectory.class, PngDirectory.TAG_IMAGE_WIDTH, PngDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(WebpDirectory.class, WebpDirectory.TAG_IMAGE_WIDTH, WebpDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(
                    GifHeaderDirectory.class, GifHeaderDirectory.TAG_IMAGE_WIDTH, GifHeaderDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(
                    BmpHeaderDirectory.class, BmpHeaderDirectory.TAG_IMAGE_WIDTH, BmpHeaderDirectory.TAG_IMAGE_HEIGHT));
    private static final List<SizeTags> VIDEO_SIZES = List.of(
            new SizeTags(Mp4VideoDirectory.class, Mp4VideoDirectory.TAG_WIDTH, Mp4VideoDirectory.TAG_HEIGHT),
            new SizeTags(
                    QuickTimeVideoDirectory.class,
                    QuickTimeVideoDirectory.TAG_WIDTH,
                    QuickTimeVideoDirectory.TAG_HEIGHT),
            new SizeTags(AviDirectory.class, AviDirectory.TAG_WIDTH, AviDirectory.TAG_HEIGHT));

    private MediaFields() {}

    static MediaInfo withDuration(Long durationMs) {
        return new MediaInfo(null, null, durationMs, null, null, null, null, null, null);
    }

    static MediaInfo of(Metadata metadata) {
        int[] size = imageSize(metadata);
        if (size == null) {
            size = videoSize(metadata);
        }
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        CaptureTime taken = CaptureTime.of(metadata.getFirstDirectoryOfType(ExifSubIFDDirectory.class));
        GeoLocation place = place(metadata.getFirstDirectoryOfType(GpsDirectory.class));
        return new MediaInfo(
                size == null ? null : size[0],
                size == null ? null : size[1],
                durationMs(metadata),
                taken == null ? null : taken.local(),
                taken == null ? null : taken.offset(),
                text(ifd0, ExifDirectoryBase.TAG_MAKE),
                text(ifd0, ExifDirectoryBase.TAG_MODEL),
                place == null ? null : place.getLatitude(),
                place == null ? null : place.getLongitude());
    }

    /** Width and height as shown: stored ones turned by the EXIF orientation. */
    private static int[] imageSize(Metadata metadata) {
        int[] size = firstSize(metadata, IMAGE_SIZES);
        if (size != null && ExifOrientation.of(metadata).swapsAxes()) {
            return new int[] {size[1], size[0]};
        }
        return size;
    }

    /** Width and height as played: phones record portrait video as landscape pixels and a 90° track rotation. */
    private static int[] videoSize(Metadata metadata) {
        int[] size = firstSize(metadata, VIDEO_SIZES);
        if (size == null) {
            return null;
        }
        Double rotation = rotation(metadata);
        if (rotation != null && Math.floorMod(Math.round(rotation), 180) == 90) {
            return new int[] {size[1], size[0]};
        }
        return size;
    }

    private static Double rotation(Metadata metadata) {
        Mp4Directory mp4 = metadata.getFirstDirectoryOfType(Mp4Directory.class);
        if (mp4 != null && mp4.containsTag(Mp4Directory.TAG_ROTATION)) {
            return mp4.getDoubleObject(Mp4Directory.TAG_ROTATION);
        }
        QuickTimeDirectory quickTime = metadata.getFirstDirectoryOfType(QuickTimeDirectory.class);
        if (quickTime != null && quickTime.containsTag(QuickTimeDirectory.TAG_ROTATION)) {
            return quickTime.getDoubleObject(QuickTimeDirectory.TAG_ROTATION);
        }
        return null;
    }

    private static int[] firstSize(Metadata metadata, List<SizeTags> candidates) {
        for (SizeTags tags : candidates) {
            for (Directory directory : metadata.getDirectoriesOfType(tags.directory())) {
                Integer width = directory.getInteger(tags.width());
                Integer height = directory.getInteger(tags.height());
                if (width != null && height != null && width > 0 && height > 0) {
                    return new int[] {width, height};
                }
            }
        }
        return null;
    }

    private static Long durationMs(Metadata metadata) {
        Long movie = movieDuration(
                metadata.getFirstDirectoryOfType(Mp4Directory.class),
                Mp4Directory.TAG_DURATION,
                Mp4Directory.TAG_TIME_SCALE);
        if (movie == null) {
            movie = movieDuration(
                    metadata.getFirstDirectoryOfType(QuickTimeDirectory.class),
                    QuickTimeDirectory.TAG_DURATION,
                    QuickTimeDirectory.TAG_TIME_SCALE);
        }
        if (movie != null) {
            return movie;
        }
        AviDirectory avi = metadata.getFirstDirectoryOfType(AviDirectory.class);
        return avi == null ? null : clockMs(avi.getString(AviDirectory.TAG_DURATION));
    }

    /** The movie header's duration, counted in its time scale's units per second, as milliseconds. */
    private static Long movieDuration(Directory directory, int durationTag, int timeScaleTag) {
        if (directory == null) {
            return null;
        }
        Long duration = directory.getLongObject(durationTag);
        Long timeScale = directory.getLongObject(timeScaleTag);
        if (duration == null || timeScale == null || timeScale <= 0 || duration < 0) {
            return null;
        }
        return duration * 1000 / timeScale;
    }

    /** {@code HH:MM:SS} as AVI's reader writes it. */
    private static Long clockMs(String clock) {
        if (clock == null || !clock.matches("\\d{1,9}:\\d{2}:\\d{2}")) {
            return null;
        }
        String[] parts = clock.split(":");
        long seconds = Long.parseLong(parts[0]) * 3600 + Long.parseLong(parts[1]) * 60 + Long.parseLong(parts[2]);
        return seconds * 1000;
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
