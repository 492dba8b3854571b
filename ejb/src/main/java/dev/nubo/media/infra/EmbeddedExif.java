package dev.nubo.media.infra;

import com.drew.lang.ByteArrayReader;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * EXIF carried outside JPEG (PNG's {@code eXIf}, WebP's {@code EXIF}) parsed by metadata-extractor from bytes already
 * read and bounded: parsing from an array checks every offset against the array, so nothing it allocates can exceed
 * the block.
 */
final class EmbeddedExif {
    private static final byte[] PREAMBLE = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);

    private EmbeddedExif() {}

    /** The directories in a TIFF-structured EXIF block (some writers keep JPEG's {@code Exif\0\0} in front). */
    static Metadata parse(byte[] block) {
        Metadata metadata = new Metadata();
        if (block == null) {
            return metadata;
        }
        byte[] tiff = startsWithPreamble(block) ? Arrays.copyOfRange(block, PREAMBLE.length, block.length) : block;
        try {
            new ExifReader().extract(new ByteArrayReader(tiff), metadata);
        } catch (RuntimeException e) {
            // damaged EXIF: whatever directories were filled before stay
        }
        return metadata;
    }

    private static boolean startsWithPreamble(byte[] block) {
        return block.length >= PREAMBLE.length
                && Arrays.equals(block, 0, PREAMBLE.length, PREAMBLE, 0, PREAMBLE.length);
    }
}
