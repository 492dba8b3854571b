package dev.nubo.media.infra;

import com.twelvemonkeys.imageio.stream.BufferedFileImageInputStreamSpi;
import dev.nubo.media.api.ImageTooLargeException;
import dev.nubo.media.api.MediaException;
import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.api.UnsupportedImageException;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Renders the preview sizes of an image: JPEG, PNG, GIF (first frame) and WebP, told apart by their magic bytes. HEIC
 * is not supported: there is no maintained pure-Java decoder, and native ones are out for a {@code java -jar}
 * deployment.
 *
 * <p>Uploads are untrusted, so the work is bounded before it starts. The header's dimensions are checked against
 * {@code maxPixels} before a single pixel is decoded (a few hundred bytes of PNG can declare 30000 x 30000 pixels,
 * 3.6 GB as a bitmap). Decoding is subsampled so that the bitmap's long side is at most about twice the largest size
 * asked for: a 48-megapixel photo becomes a 2,000-pixel bitmap of 12 MB, never a 190 MB one. Each size is then scaled
 * down from the next larger one by successive halving. Corrupt or truncated data ends in
 * {@link UnsupportedImageException}; nothing the decoders throw escapes unchecked.
 *
 * <p>EXIF orientation is applied, so every thumbnail is upright and its width and height are as shown. Images with
 * transparent pixels become PNG thumbnails, all others JPEG. An image smaller than a size is emitted at its own
 * dimensions, never enlarged.
 *
 * <p>Thread-safe: each call uses its own reader.
 */
public final class ImageThumbnailer {
    /** The decoded bitmap's long side is at most this many times the largest asked size. */
    static final int DECODE_HEADROOM = 2;

    private static final BufferedFileImageInputStreamSpi FILE_STREAMS = new BufferedFileImageInputStreamSpi();

    private final long maxPixels;

    /**
     * A thumbnailer refusing images of more than {@code maxPixels} pixels; 100,000,000 takes a 48-megapixel photo with
     * room to spare and still refuses a 30000 x 30000 header.
     */
    public ImageThumbnailer(long maxPixels) {
        if (maxPixels <= 0) {
            throw new IllegalArgumentException("maxPixels must be positive: " + maxPixels);
        }
        this.maxPixels = maxPixels;
    }

    /** Whether {@link #render} can decode this MIME type (JPEG, PNG, GIF, WebP; not HEIC, see the class comment). */
    public static boolean supports(String mimeType) {
        return mimeType != null && ImageFormat.ofMimeType(mimeType.strip()).isPresent();
    }

    /**
     * Reads the image once and renders every asked size, largest first.
     *
     * @return one thumbnail per size, in the order of {@link ThumbnailSize}
     * @throws UnsupportedImageException not one of the supported formats by its content, or corrupt or truncated
     * @throws ImageTooLargeException the header declares more than {@code maxPixels} pixels
     * @throws IOException the file could not be opened
     */
    public List<Thumbnail> render(Path image, Set<ThumbnailSize> sizes) throws MediaException, IOException {
        if (sizes.isEmpty()) {
            return List.of();
        }
        ImageFormat format = ImageFormat.sniff(image)
                .orElseThrow(() -> new UnsupportedImageException("not a JPEG, PNG, GIF or WebP image"));
        if (format == ImageFormat.WEBP) {
            checkWebpChunks(image);
        }
        int largest = sizes.stream().mapToInt(ThumbnailSize::px).max().orElseThrow();
        Decoded decoded = decode(image, format, largest);
        ExifOrientation orientation = ExifOrientation.read(image, format);
        return renderSizes(decoded, orientation, sizes);
    }

    /**
     * Refuses a WebP whose chunks do not fit the file or whose ICC profile claims more than its chunk: TwelveMonkeys
     * reads the profile by allocating its declared size first.
     */
    private static void checkWebpChunks(Path image) throws IOException, UnsupportedImageException {
        WebpHeader header =
                WebpHeader.read(image).orElseThrow(() -> new UnsupportedImageException("WebP without a readable size"));
        if (header.iccOversized()) {
            throw new UnsupportedImageException("WebP whose ICC profile claims more bytes than its chunk holds");
        }
    }

    /** The subsampled bitmap, with the full dimensions the header declared. */
    private record Decoded(BufferedImage bitmap, int width, int height) {}

    private Decoded decode(Path image, ImageFormat format, int largest) throws MediaException, IOException {
        ImageInputStream in = open(image);
        try (in) {
            ImageReader reader = format.newReader();
            try {
                reader.setInput(in, false, true); // metadata ignored: the orientation comes from metadata-extractor
                return read(reader, format, largest);
            } finally {
                reader.dispose();
            }
        }
    }

    /**
     * A buffered stream over the file, from TwelveMonkeys' provider: the JDK's {@code FileImageInputStream} makes a
     * system call for each byte some decoders read one at a time (WebP's), and ImageIO's registry may not know the
     * buffered one in an application server. The provider answers null for a missing file.
     */
    private static ImageInputStream open(Path image) throws IOException {
        ImageInputStream in = FILE_STREAMS.createInputStreamInstance(image.toFile(), false, null);
        if (in == null) {
            throw new NoSuchFileException(image.toString());
        }
        return in;
    }

    private Decoded read(ImageReader reader, ImageFormat format, int largest) throws MediaException {
        try {
            int width = reader.getWidth(0);
            int height = reader.getHeight(0);
            if (width <= 0 || height <= 0) {
                throw new UnsupportedImageException("image header declares " + width + "x" + height + " pixels");
            }
            if ((long) width * height > maxPixels) {
                throw new ImageTooLargeException(width, height, maxPixels);
            }
            ImageReadParam param = reader.getDefaultReadParam();
            int step = subsampling(Math.max(width, height), largest);
            param.setSourceSubsampling(step, step, 0, 0);
            return new Decoded(reader.read(0, param), width, height);
        } catch (IOException | RuntimeException e) {
            // the decoders report damaged data as IIOException, EOFException or any unchecked exception at all
            throw new UnsupportedImageException("corrupt or truncated " + format.mimeType() + " data", e);
        } catch (OutOfMemoryError e) {
            // one failed giant allocation (a length field lying in a damaged file) left the heap as it was
            throw new UnsupportedImageException(
                    "decoding " + format.mimeType() + " needed more memory than there is", e);
        }
    }

    /** The largest step keeping the decoded long side at least {@code largest}, rounding towards a smaller bitmap. */
    static int subsampling(int longSide, int largest) {
        int target = DECODE_HEADROOM * largest;
        return Math.max(1, (longSide + target - 1) / target);
    }

    private List<Thumbnail> renderSizes(Decoded decoded, ExifOrientation orientation, Set<ThumbnailSize> sizes)
            throws IOException {
        boolean alpha = decoded.bitmap().getColorModel().hasAlpha();
        BufferedImage working = Bitmaps.upright(decoded.bitmap(), orientation, alpha);
        if (alpha && !Bitmaps.hasTransparency(working)) {
            alpha = false;
            working = Bitmaps.opaque(working);
        }
        int width = orientation.swapsAxes() ? decoded.height() : decoded.width();
        int height = orientation.swapsAxes() ? decoded.width() : decoded.height();
        String mimeType = alpha ? Thumbnail.PNG : Thumbnail.JPEG;
        List<ThumbnailSize> largestFirst = sizes.stream()
                .sorted(Comparator.comparingInt(ThumbnailSize::px).reversed())
                .toList();
        List<Thumbnail> thumbnails = new ArrayList<>(largestFirst.size());
        for (ThumbnailSize size : largestFirst) {
            Dimensions target = Dimensions.fit(width, height, size.px());
            working = Bitmaps.scale(working, target.width(), target.height());
            BufferedImage output = alpha ? Bitmaps.straightAlpha(working) : working;
            byte[] bytes = ThumbnailEncoder.encode(output, mimeType);
            thumbnails.add(new Thumbnail(size, mimeType, target.width(), target.height(), bytes));
        }
        thumbnails.sort(Comparator.comparing(Thumbnail::size));
        return List.copyOf(thumbnails);
    }
}
