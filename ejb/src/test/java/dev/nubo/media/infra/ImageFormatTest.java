package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.ImageReader;
import javax.imageio.spi.IIORegistry;
import javax.imageio.spi.ImageReaderSpi;
import org.junit.jupiter.api.Test;

class ImageFormatTest {
    static Optional<ImageFormat> sniff(byte[] head) {
        return ImageFormat.sniff(head, head.length);
    }

    static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void magicBytes_tellTheFormat() {
        assertThat(sniff(bytes(0xFF, 0xD8, 0xFF, 0xE1))).contains(ImageFormat.JPEG);
        assertThat(sniff(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A))).contains(ImageFormat.PNG);
        assertThat(sniff(ascii("GIF87a"))).contains(ImageFormat.GIF);
        assertThat(sniff(ascii("GIF89a"))).contains(ImageFormat.GIF);
        assertThat(sniff(ascii("RIFF\0\0\0\0WEBPVP8 "))).contains(ImageFormat.WEBP);
    }

    @Test
    void lookalikes_areNoneOfOurs() {
        assertThat(sniff(ascii("RIFF\0\0\0\0WAVEfmt "))).isEmpty();
        assertThat(sniff(ascii("GIF8"))).isEmpty();
        assertThat(sniff(bytes(0xFF, 0xD8))).isEmpty();
        assertThat(sniff(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A))).isEmpty();
        assertThat(sniff(ascii("<svg xmlns="))).isEmpty();
        assertThat(sniff(new byte[0])).isEmpty();
        // HEIC: an ISO box "ftypheic", deliberately not decoded
        assertThat(sniff(ascii("\0\0\0\u0018ftypheic"))).isEmpty();
    }

    /**
     * The readers come from providers this code made, not from ImageIO's registry (which, in these tests, has found
     * TwelveMonkeys on the class path, and in an application server would not): nothing depends on that scan.
     */
    @Test
    void twelveMonkeysReaders_areWiredByHand_notLookedUpInTheRegistry() throws Exception {
        for (ImageFormat format : new ImageFormat[] {ImageFormat.JPEG, ImageFormat.WEBP}) {
            ImageReader reader = format.newReader();
            try {
                assertThat(reader.getClass().getName()).startsWith("com.twelvemonkeys.imageio.plugins.");
                Iterator<ImageReaderSpi> registered =
                        IIORegistry.getDefaultInstance().getServiceProviders(ImageReaderSpi.class, false);
                while (registered.hasNext()) {
                    assertThat(reader.getOriginatingProvider()).isNotSameAs(registered.next());
                }
            } finally {
                reader.dispose();
            }
        }
    }
}
