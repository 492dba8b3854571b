package dev.nubo.media.infra;

import com.drew.imaging.FileType;
import com.drew.imaging.FileTypeDetector;
import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.imaging.jpeg.JpegMetadataReader;
import com.drew.imaging.jpeg.JpegSegmentMetadataReader;
import com.drew.imaging.tiff.TiffMetadataReader;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.bmp.BmpHeaderDirectory;
import com.drew.metadata.exif.ExifReader;
import com.drew.metadata.jpeg.JpegDirectory;
import com.drew.metadata.jpeg.JpegReader;
import dev.nubo.media.api.MediaInfo;
import dev.nubo.media.api.MimeCategory;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;

/**
 * What a media file says about itself, from its headers only. The format is recognised by its first bytes (the MIME
 * type from the name only rules out documents, archives and text, which are never parsed).
 *
 * <table>
 * <caption>What each format gives, and who reads it</caption>
 * <tr><th>Format</th><th>Width/height</th><th>Taken at, camera, GPS</th><th>Duration</th></tr>
 * <tr><td>JPEG</td><td>SOF, turned by EXIF orientation</td><td>EXIF</td><td></td></tr>
 * <tr><td>PNG, WebP</td><td>IHDR / VP8X, VP8L or VP8 header, turned by EXIF orientation</td>
 * <td>EXIF ({@code eXIf} / {@code EXIF} chunk)</td><td></td></tr>
 * <tr><td>GIF, BMP</td><td>header</td><td></td><td></td></tr>
 * <tr><td>TIFF and TIFF-based raw (CR2, NEF, ARW, ORF, RW2)</td><td></td><td>EXIF</td><td></td></tr>
 * <tr><td>MP4, M4A, M4V, MOV, 3GP</td><td>first track header with a picture, turned by its matrix</td><td></td>
 * <td>movie header (exact)</td></tr>
 * <tr><td>AVI</td><td>main header</td><td></td><td>frames x frame period</td></tr>
 * <tr><td>WAV</td><td></td><td></td><td>data size / byte rate (exact)</td></tr>
 * <tr><td>HEIC, MP3, others</td><td colspan="3">nothing yet (see below)</td></tr>
 * </table>
 *
 * <p>Uploads are untrusted, and metadata-extractor's stream readers trust length fields: they allocate a box's or
 * chunk's declared size before reading it (a 116-byte MP4 declaring a 2 GB {@code mvhd} costs a 2 GB array) and
 * inflate PNG text chunks without limit. So containers are walked here by bounded positioned reads ({@code PngHeader},
 * {@code WebpHeader}, {@code IsoMovie}, {@code AviHeader}, {@code WavHeader}) and metadata-extractor only parses what
 * is bounded: JPEG segments (64 KB each; only the frame header and EXIF readers run), EXIF blocks already read into an
 * array, TIFF through its seeking file reader (every offset checked against the file's length), BMP headers. HEIC would
 * need its item locations walked the same way before its EXIF can be read, and metadata-extractor gives MP3 no
 * duration; both give {@link MediaInfo#NONE} for now.
 *
 * <p>Bad content never throws: a file that cannot be parsed gives {@link MediaInfo#NONE}, a field that cannot be read
 * stays null. Only failing to open the file is an {@link IOException}.
 */
public final class MediaProbe {
    private static final Set<String> NEVER_MEDIA = Set.of(
            MimeCategory.PDF,
            MimeCategory.TEXT,
            MimeCategory.DOCUMENT,
            MimeCategory.SPREADSHEET,
            MimeCategory.PRESENTATION,
            MimeCategory.ARCHIVE);
    private static final List<JpegSegmentMetadataReader> JPEG_READERS = List.of(new JpegReader(), new ExifReader());
    /** Top-level box types an old QuickTime file may start with, before {@code ftyp} existed. */
    private static final Set<String> BARE_QUICKTIME = Set.of("moov", "mdat", "wide", "free", "skip");

    private MediaProbe() {}

    /**
     * Reads headers only, in bounded pieces; never throws for bad content (returns what it could,
     * {@link MediaInfo#NONE} at worst).
     *
     * @param mimeType the type by the file's name, or null; only used to skip files that are surely not media
     * @throws IOException the file could not be opened
     */
    public static MediaInfo probe(Path file, String mimeType) throws IOException {
        if (NEVER_MEDIA.contains(MimeCategory.of(mimeType))) {
            return MediaInfo.NONE;
        }
        FileType type = detect(file);
        try {
            return switch (type) {
                case Jpeg -> jpeg(file);
                case Png ->
                    PngHeader.read(file)
                            .map(png -> MediaFields.image(EmbeddedExif.parse(png.exif()), png.width(), png.height()))
                            .orElse(MediaInfo.NONE);
                case WebP ->
                    WebpHeader.read(file)
                            .map(webp ->
                                    MediaFields.image(EmbeddedExif.parse(webp.exif()), webp.width(), webp.height()))
                            .orElse(MediaInfo.NONE);
                case Gif -> gif(file);
                case Bmp -> bmp(file);
                case Tiff, Arw, Cr2, Nef, Orf, Rw2 ->
                    MediaFields.image(TiffMetadataReader.readMetadata(file.toFile()), null, null);
                case Mp4, QuickTime -> movie(file);
                case Avi ->
                    AviHeader.read(file)
                            .map(avi -> MediaFields.sized(avi.width(), avi.height(), avi.durationMs()))
                            .orElse(MediaInfo.NONE);
                case Wav -> MediaFields.withDuration(WavHeader.durationMs(file).orElse(null));
                case Unknown -> isBareQuickTime(file) ? movie(file) : MediaInfo.NONE;
                default -> MediaInfo.NONE;
            };
        } catch (ImageProcessingException | IOException | RuntimeException e) {
            // damaged content: metadata-extractor throws anything from EOFException to ArrayIndexOutOfBounds, and a
            // header reader finds a file that shrank under it
            return MediaInfo.NONE;
        }
    }

    /** The format by its first bytes; only opening the file may fail. */
    private static FileType detect(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 64);
        try (in) {
            return FileTypeDetector.detectFileType(in);
        } catch (IOException | RuntimeException e) {
            return FileType.Unknown;
        }
    }

    private static MediaInfo jpeg(Path file) throws IOException, ImageProcessingException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            Metadata metadata = JpegMetadataReader.readMetadata(in, JPEG_READERS);
            Directory frame = metadata.getFirstDirectoryOfType(JpegDirectory.class);
            return frame == null
                    ? MediaFields.image(metadata, null, null)
                    : MediaFields.image(
                            metadata,
                            frame.getInteger(JpegDirectory.TAG_IMAGE_WIDTH),
                            frame.getInteger(JpegDirectory.TAG_IMAGE_HEIGHT));
        }
    }

    private static MediaInfo bmp(Path file) throws IOException, ImageProcessingException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            Metadata metadata = ImageMetadataReader.readMetadata(in, Files.size(file), FileType.Bmp);
            Directory header = metadata.getFirstDirectoryOfType(BmpHeaderDirectory.class);
            if (header == null) {
                return MediaInfo.NONE;
            }
            Integer width = header.getInteger(BmpHeaderDirectory.TAG_IMAGE_WIDTH);
            Integer height = header.getInteger(BmpHeaderDirectory.TAG_IMAGE_HEIGHT);
            // a negative height means rows stored top-down
            return MediaFields.image(new Metadata(), width, height == null ? null : Math.abs(height));
        }
    }

    /** The logical screen size: {@code "GIF8" ("7" / "9") "a" width:u16le height:u16le}. */
    private static MediaInfo gif(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return HeaderReads.read(channel, 0, 10, ByteOrder.LITTLE_ENDIAN)
                    .map(b -> MediaFields.sized(b.getShort(6) & 0xFFFF, b.getShort(8) & 0xFFFF, null))
                    .orElse(MediaInfo.NONE);
        }
    }

    private static MediaInfo movie(Path file) throws IOException {
        return IsoMovie.read(file)
                .map(movie -> MediaFields.sized(movie.width(), movie.height(), movie.durationMs()))
                .orElse(MediaInfo.NONE);
    }

    private static boolean isBareQuickTime(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head =
                    HeaderReads.read(channel, 0, 8, ByteOrder.BIG_ENDIAN).orElse(null);
            return head != null && BARE_QUICKTIME.contains(new String(head.array(), 4, 4, StandardCharsets.ISO_8859_1));
        }
    }
}
