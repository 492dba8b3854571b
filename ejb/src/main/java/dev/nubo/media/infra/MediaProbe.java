package dev.nubo.media.infra;

import com.drew.imaging.FileType;
import com.drew.imaging.FileTypeDetector;
import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.imaging.tiff.TiffMetadataReader;
import com.drew.metadata.Metadata;
import dev.nubo.media.api.MediaInfo;
import dev.nubo.media.api.MimeCategory;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a media file says about itself, read with metadata-extractor from its headers only: the format is recognised
 * by its first bytes (the MIME type from the name only rules out documents, archives and text, which are never
 * parsed), then each reader stops where the metadata ends or seeks over what it does not need.
 *
 * <table>
 * <caption>What each format gives</caption>
 * <tr><th>Format</th><th>Width/height</th><th>Taken at, camera, GPS</th><th>Duration</th></tr>
 * <tr><td>JPEG</td><td>SOF, turned by EXIF orientation</td><td>EXIF</td><td></td></tr>
 * <tr><td>PNG, WebP</td><td>IHDR / VP8X, VP8L or VP8 header, turned by EXIF orientation</td>
 * <td>EXIF (eXIf / EXIF chunk)</td><td></td></tr>
 * <tr><td>GIF, BMP</td><td>header</td><td></td><td></td></tr>
 * <tr><td>TIFF and TIFF-based raw (CR2, NEF, ARW, ORF, RW2)</td><td></td><td>EXIF</td><td></td></tr>
 * <tr><td>HEIC/HEIF</td><td>not read (the first extents box may be a tile's)</td><td>EXIF</td><td></td></tr>
 * <tr><td>MP4, M4A, M4V, MOV, 3GP</td><td>video sample description, turned by the track's 90° rotation</td>
 * <td></td><td>movie header (exact)</td></tr>
 * <tr><td>AVI</td><td>main header</td><td></td><td>stream header (whole seconds)</td></tr>
 * <tr><td>WAV</td><td></td><td></td><td>RIFF header, read here (exact)</td></tr>
 * <tr><td>MP3</td><td></td><td></td><td>none: metadata-extractor reads only the first frame header</td></tr>
 * </table>
 *
 * <p>metadata-extractor copies each chunk or box it parses into memory, so a WebP's image chunk is read whole; other
 * formats' pixel data and media data are skipped by seeking, and WAV's data chunk is never read at all.
 *
 * <p>Bad content never throws: a file metadata-extractor cannot parse gives {@link MediaInfo#NONE}, a field it cannot
 * read stays null. Only failing to open the file is an {@link IOException}.
 */
public final class MediaProbe {
    private static final Set<FileType> PROBED = EnumSet.of(
            FileType.Jpeg,
            FileType.Png,
            FileType.Gif,
            FileType.WebP,
            FileType.Bmp,
            FileType.Heif,
            FileType.Tiff,
            FileType.Arw,
            FileType.Cr2,
            FileType.Nef,
            FileType.Orf,
            FileType.Rw2,
            FileType.QuickTime,
            FileType.Mp4,
            FileType.Avi,
            FileType.Mp3);
    /** Read through a seeking reader: the stream reader would buffer everything up to the last IFD's offset. */
    private static final Set<FileType> TIFF_FAMILY =
            EnumSet.of(FileType.Tiff, FileType.Arw, FileType.Cr2, FileType.Nef, FileType.Orf, FileType.Rw2);

    private static final Set<String> NEVER_MEDIA = Set.of(
            MimeCategory.PDF,
            MimeCategory.TEXT,
            MimeCategory.DOCUMENT,
            MimeCategory.SPREADSHEET,
            MimeCategory.PRESENTATION,
            MimeCategory.ARCHIVE);

    private MediaProbe() {}

    /**
     * Reads at most what metadata-extractor needs; never throws for bad content (returns what it could,
     * {@link MediaInfo#NONE} at worst).
     *
     * @param mimeType the type by the file's name, or null; only used to skip files that are surely not media
     * @throws IOException the file could not be opened
     */
    public static MediaInfo probe(Path file, String mimeType) throws IOException {
        if (NEVER_MEDIA.contains(MimeCategory.of(mimeType))) {
            return MediaInfo.NONE;
        }
        byte[] head = new byte[12];
        int length;
        try (InputStream in = Files.newInputStream(file)) {
            length = in.readNBytes(head, 0, head.length);
        }
        if (WavHeader.isWav(head, length)) {
            return MediaFields.withDuration(WavHeader.durationMs(file).orElse(null));
        }
        return read(file).map(MediaFields::of).orElse(MediaInfo.NONE);
    }

    private static Optional<Metadata> read(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file));
        try (in) {
            FileType type = FileTypeDetector.detectFileType(in);
            if (!PROBED.contains(type)) {
                return Optional.empty();
            }
            if (TIFF_FAMILY.contains(type)) {
                return Optional.of(TiffMetadataReader.readMetadata(file.toFile()));
            }
            return Optional.of(ImageMetadataReader.readMetadata(in, Files.size(file), type));
        } catch (ImageProcessingException | IOException | RuntimeException | StackOverflowError e) {
            // damaged content: metadata-extractor throws anything from EOFException to ArrayIndexOutOfBounds, and
            // recurses once per nesting level of MP4 boxes, so a crafted file can exhaust the stack
            return Optional.empty();
        }
    }
}
