package dev.nubo.media.infra;

import com.drew.imaging.ImageProcessingException;
import com.drew.imaging.jpeg.JpegMetadataReader;
import com.drew.imaging.jpeg.JpegSegmentMetadataReader;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifReader;
import java.awt.geom.AffineTransform;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The EXIF orientation (TIFF tag 274): how the stored pixels must be turned to show the picture upright. Phones and
 * cameras store the sensor's pixels as read and only record the turn, so ignoring it shows portrait photos lying on
 * their side.
 *
 * <pre>
 * 1 as stored         2 mirrored left-right     3 turned 180°          4 mirrored top-bottom
 * 5 transposed        6 turned 90° clockwise    7 transversed          8 turned 90° counter-clockwise
 * </pre>
 */
record ExifOrientation(int value) {
    static final ExifOrientation NORMAL = new ExifOrientation(1);

    private static final List<JpegSegmentMetadataReader> EXIF_ONLY = List.of(new ExifReader());

    ExifOrientation {
        if (value < 1 || value > 8) {
            value = 1; // out of range is what a broken camera wrote, not a turn we can know
        }
    }

    /** Whether width and height trade places when the turn is applied (the transposing orientations 5 to 8). */
    boolean swapsAxes() {
        return value >= 5;
    }

    /** The orientation recorded in already-read metadata; {@link #NORMAL} when none. */
    static ExifOrientation of(Metadata metadata) {
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        if (ifd0 == null) {
            return NORMAL;
        }
        Integer value = ifd0.getInteger(ExifIFD0Directory.TAG_ORIENTATION);
        return value == null ? NORMAL : new ExifOrientation(value);
    }

    /**
     * Reads the orientation of an image file: for JPEG only the APP1 segments before the first scan are parsed, for
     * PNG and WebP only their EXIF chunk. Damaged metadata means "as stored", since a picture shown unturned beats no
     * picture.
     */
    static ExifOrientation read(Path image, ImageFormat format) throws IOException {
        return switch (format) {
            case JPEG -> ofJpeg(image);
            case PNG ->
                PngHeader.read(image)
                        .map(png -> of(EmbeddedExif.parse(png.exif())))
                        .orElse(NORMAL);
            case WEBP ->
                WebpHeader.read(image)
                        .map(webp -> of(EmbeddedExif.parse(webp.exif())))
                        .orElse(NORMAL);
            case GIF -> NORMAL;
        };
    }

    private static ExifOrientation ofJpeg(Path image) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(image)); // an unreadable file is the caller's
        try (in) {
            return of(JpegMetadataReader.readMetadata(in, EXIF_ONLY));
        } catch (ImageProcessingException | IOException | RuntimeException e) {
            // damaged or truncated segments (metadata-extractor throws all sorts); the pixels may still be fine
            return NORMAL;
        }
    }

    /**
     * The transform from stored pixel coordinates to upright ones, for a stored image of {@code width} x
     * {@code height}; the result is {@code height} x {@code width} when {@link #swapsAxes()}.
     */
    AffineTransform transform(int width, int height) {
        return switch (value) {
            case 2 -> new AffineTransform(-1, 0, 0, 1, width, 0);
            case 3 -> new AffineTransform(-1, 0, 0, -1, width, height);
            case 4 -> new AffineTransform(1, 0, 0, -1, 0, height);
            case 5 -> new AffineTransform(0, 1, 1, 0, 0, 0);
            case 6 -> new AffineTransform(0, 1, -1, 0, height, 0);
            case 7 -> new AffineTransform(0, -1, -1, 0, height, width);
            case 8 -> new AffineTransform(0, -1, 1, 0, 0, width);
            default -> new AffineTransform();
        };
    }
}
