package dev.nubo.media.infra;

import com.twelvemonkeys.imageio.plugins.jpeg.JPEGImageReaderSpi;
import com.twelvemonkeys.imageio.plugins.webp.WebPImageReaderSpi;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.spi.IIORegistry;
import javax.imageio.spi.ImageReaderSpi;
import javax.imageio.spi.ServiceRegistry;

/**
 * The image formats the thumbnailer decodes, recognised by their magic bytes (a name says what the uploader called
 * the file, not what it is), each with the ImageIO reader that decodes it.
 *
 * <p>TwelveMonkeys' readers are wired by hand rather than found through {@link ImageIO}'s global registry: an
 * application server does not scan a web application's jars for ImageIO plugins, and a registry shared by every
 * application on the server is not ours to change. Its JPEG reader is a front for the JDK's (it adds CMYK, YCCK,
 * broken ICC profiles and lenient segment parsing) and only finds that delegate when registered, so it is registered
 * in a private registry next to the JDK's reader. PNG and GIF are the JDK's own readers, always present.
 */
enum ImageFormat {
    JPEG("image/jpeg"),
    PNG("image/png"),
    GIF("image/gif"),
    WEBP("image/webp");

    /** Bytes enough to tell the formats apart ({@code RIFF....WEBP} is the longest). */
    static final int MAGIC_LENGTH = 12;

    private static final String JDK_JPEG_READER_SPI = "com.sun.imageio.plugins.jpeg.JPEGImageReaderSpi";
    private static final JPEGImageReaderSpi TWELVEMONKEYS_JPEG = registeredJpegSpi();
    private static final WebPImageReaderSpi TWELVEMONKEYS_WEBP = new WebPImageReaderSpi();

    private final String mimeType;

    ImageFormat(String mimeType) {
        this.mimeType = mimeType;
    }

    String mimeType() {
        return mimeType;
    }

    static Optional<ImageFormat> ofMimeType(String mimeType) {
        for (ImageFormat format : values()) {
            if (format.mimeType.equalsIgnoreCase(mimeType)) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }

    /** The format of a file by its first bytes; empty when none of ours. */
    static Optional<ImageFormat> sniff(Path file) throws IOException {
        byte[] head = new byte[MAGIC_LENGTH];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        return sniff(head, n);
    }

    static Optional<ImageFormat> sniff(byte[] head, int length) {
        if (startsWith(head, length, 0xFF, 0xD8, 0xFF)) {
            return Optional.of(JPEG);
        }
        if (startsWith(head, length, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return Optional.of(PNG);
        }
        if (startsWith(head, length, 'G', 'I', 'F', '8') && length >= 6 && (head[4] == '7' || head[4] == '9')) {
            return Optional.of(GIF);
        }
        if (startsWith(head, length, 'R', 'I', 'F', 'F') && length >= 12 && isAt(head, 8, 'W', 'E', 'B', 'P')) {
            return Optional.of(WEBP);
        }
        return Optional.empty();
    }

    /** A fresh reader (readers are stateful and not thread-safe: one per decode). */
    ImageReader newReader() throws IOException {
        return switch (this) {
            case JPEG -> TWELVEMONKEYS_JPEG.createReaderInstance();
            case WEBP -> TWELVEMONKEYS_WEBP.createReaderInstance();
            case PNG -> jdkReader("png");
            case GIF -> jdkReader("gif");
        };
    }

    private static ImageReader jdkReader(String formatName) throws IOException {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName(formatName);
        if (!readers.hasNext()) {
            throw new IOException("this JDK has no ImageIO reader for " + formatName);
        }
        return readers.next();
    }

    private static JPEGImageReaderSpi registeredJpegSpi() {
        ImageReaderSpi jdk = jdkJpegSpi();
        ServiceRegistry registry =
                new ServiceRegistry(List.<Class<?>>of(ImageReaderSpi.class).iterator());
        registry.registerServiceProvider(jdk, ImageReaderSpi.class);
        JPEGImageReaderSpi twelveMonkeys = new JPEGImageReaderSpi();
        // registration is what hands TwelveMonkeys its delegate, found by class name in this registry
        registry.registerServiceProvider(twelveMonkeys, ImageReaderSpi.class);
        return twelveMonkeys;
    }

    private static ImageReaderSpi jdkJpegSpi() {
        Iterator<ImageReaderSpi> providers =
                IIORegistry.getDefaultInstance().getServiceProviders(ImageReaderSpi.class, false);
        while (providers.hasNext()) {
            ImageReaderSpi provider = providers.next();
            if (provider.getClass().getName().equals(JDK_JPEG_READER_SPI)) {
                return provider;
            }
        }
        throw new IllegalStateException("the JDK's JPEG reader is missing from ImageIO's registry");
    }

    private static boolean startsWith(byte[] head, int length, int... magic) {
        return length >= magic.length && isAt(head, 0, magic);
    }

    private static boolean isAt(byte[] head, int offset, int... magic) {
        for (int i = 0; i < magic.length; i++) {
            if ((head[offset + i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
