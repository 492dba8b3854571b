package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.nubo.media.api.MediaInfo;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediaProbeTest {
    @TempDir
    Path dir;

    Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    /** A camera's EXIF: turned 90° clockwise, taken 14 July 2024 18:30:05.25 at UTC+2, at the Statue of Liberty. */
    static byte[] cameraExif() {
        return new TiffBuilder()
                .ifd0(TiffBuilder.ascii(0x010F, "  Nubo Optics  "))
                .ifd0(TiffBuilder.ascii(0x0110, "NX-1 "))
                .ifd0(TiffBuilder.shortValue(0x0112, 6))
                .ifd0(TiffBuilder.ascii(0x0132, "2025:01:01 00:00:00")) // last edited: not the capture time
                .exif(TiffBuilder.ascii(0x9003, "2024:07:14 18:30:05"))
                .exif(TiffBuilder.ascii(0x9011, "+02:00"))
                .exif(TiffBuilder.ascii(0x9291, "25"))
                .gps(TiffBuilder.ascii(0x0001, "N"))
                .gps(TiffBuilder.rationals(0x0002, 40, 1, 41, 1, 214, 10))
                .gps(TiffBuilder.ascii(0x0003, "W"))
                .gps(TiffBuilder.rationals(0x0004, 74, 1, 2, 1, 402, 10))
                .build();
    }

    @Test
    void exifJpeg_givesTurnedSize_captureTimeWithOffset_trimmedCamera_andSignedGps() throws Exception {
        byte[] jpeg = TestImages.withExif(TestImages.jpeg(TestImages.redCorner(600, 400), 0.9f), cameraExif());

        MediaInfo info = MediaProbe.probe(file("photo.jpg", jpeg), "image/jpeg");

        assertThat(info.width()).isEqualTo(400);
        assertThat(info.height()).isEqualTo(600);
        assertThat(info.takenAt()).isEqualTo(LocalDateTime.of(2024, 7, 14, 18, 30, 5, 250_000_000));
        assertThat(info.takenAtOffset()).isEqualTo(ZoneOffset.ofHours(2));
        assertThat(info.cameraMake()).isEqualTo("Nubo Optics");
        assertThat(info.cameraModel()).isEqualTo("NX-1");
        assertThat(info.latitude()).isCloseTo(40 + 41 / 60.0 + 21.4 / 3600, within(1e-9));
        assertThat(info.longitude()).isCloseTo(-(74 + 2 / 60.0 + 40.2 / 3600), within(1e-9));
        assertThat(info.durationMs()).isNull();
    }

    @Test
    void exifWithoutOffset_givesLocalTimeOnly_andDigitizedWhenNoOriginal() throws Exception {
        byte[] tiff = new TiffBuilder()
                .ifd0(TiffBuilder.ascii(0x010F, "Maker"))
                .exif(TiffBuilder.ascii(0x9004, "2019:02:03 04:05:06"))
                .build();
        byte[] jpeg = TestImages.withExif(TestImages.jpeg(TestImages.redCorner(60, 40), 0.9f), tiff);

        MediaInfo info = MediaProbe.probe(file("scan.jpg", jpeg), "image/jpeg");

        assertThat(info.takenAt()).isEqualTo(LocalDateTime.of(2019, 2, 3, 4, 5, 6));
        assertThat(info.takenAtOffset()).isNull();
        assertThat(info.width()).isEqualTo(60);
        assertThat(info.latitude()).isNull();
        assertThat(info.cameraModel()).isNull();
    }

    @Test
    void unsetCameraClock_andZeroGps_areUnknown() throws Exception {
        byte[] tiff = new TiffBuilder()
                .exif(TiffBuilder.ascii(0x9003, "0000:00:00 00:00:00"))
                .gps(TiffBuilder.ascii(0x0001, "N"))
                .gps(TiffBuilder.rationals(0x0002, 0, 1, 0, 1, 0, 1))
                .gps(TiffBuilder.ascii(0x0003, "E"))
                .gps(TiffBuilder.rationals(0x0004, 0, 1, 0, 1, 0, 1))
                .ifd0(TiffBuilder.ascii(0x0110, "   "))
                .build();
        byte[] jpeg = TestImages.withExif(TestImages.jpeg(TestImages.redCorner(60, 40), 0.9f), tiff);

        MediaInfo info = MediaProbe.probe(file("cheap.jpg", jpeg), "image/jpeg");

        assertThat(info.takenAt()).isNull();
        assertThat(info.latitude()).isNull();
        assertThat(info.longitude()).isNull();
        assertThat(info.cameraModel()).isNull();
    }

    @Test
    void pngAndGif_giveTheirSize() throws Exception {
        byte[] png = TestImages.encode(TestImages.filled(321, 123, Color.CYAN), "png");
        byte[] gif = TestImages.gif(TestImages.filled(77, 55, Color.RED), TestImages.filled(77, 55, Color.BLUE));

        assertThat(MediaProbe.probe(file("a.png", png), "image/png"))
                .isEqualTo(new MediaInfo(321, 123, null, null, null, null, null, null, null));
        MediaInfo animated = MediaProbe.probe(file("b.gif", gif), "image/gif");
        assertThat(animated.width()).isEqualTo(77);
        assertThat(animated.height()).isEqualTo(55);
    }

    @Test
    void webp_givesItsSize() throws Exception {
        byte[] lossless = Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");

        MediaInfo info = MediaProbe.probe(file("a.webp", lossless), "image/webp");

        assertThat(List.of(info.width(), info.height())).containsExactly(1, 1);
    }

    @Test
    void pngWithAnExifChunk_givesTurnedSizeAndCaptureTime() throws Exception {
        byte[] png = TestImages.withChunkAfterHeader(
                TestImages.encode(TestImages.filled(300, 200, Color.CYAN), "png"), "eXIf", cameraExif());

        MediaInfo info = MediaProbe.probe(file("turned.png", png), "image/png");

        assertThat(List.of(info.width(), info.height())).containsExactly(200, 300);
        assertThat(info.takenAt()).isEqualTo(LocalDateTime.of(2024, 7, 14, 18, 30, 5, 250_000_000));
        assertThat(info.cameraModel()).isEqualTo("NX-1");
    }

    @Test
    void webpWithAnExifChunk_behindTheJpegPreamble_isRead() throws Exception {
        byte[] lossless = Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
        byte[] exif = new byte[6 + cameraExif().length];
        System.arraycopy("Exif\0\0".getBytes(StandardCharsets.ISO_8859_1), 0, exif, 0, 6);
        System.arraycopy(cameraExif(), 0, exif, 6, exif.length - 6);
        byte[] chunks = Arrays.copyOfRange(lossless, 12, lossless.length);
        byte[] webp = TestMedia.riff("WEBP", chunks, TestMedia.chunk("EXIF", exif));

        MediaInfo info = MediaProbe.probe(file("photo.webp", webp), "image/webp");

        assertThat(info.cameraMake()).isEqualTo("Nubo Optics");
        assertThat(info.takenAtOffset()).isEqualTo(ZoneOffset.ofHours(2));
    }

    @Test
    void bmp_givesItsSize() throws Exception {
        byte[] bmp = TestImages.encode(TestImages.filled(31, 17, Color.RED), "bmp");

        assertThat(MediaProbe.probe(file("a.bmp", bmp), "image/bmp"))
                .isEqualTo(new MediaInfo(31, 17, null, null, null, null, null, null, null));
    }

    @Test
    void contentDecides_notTheName() throws Exception {
        byte[] png = TestImages.encode(TestImages.filled(20, 10, Color.CYAN), "png");

        MediaInfo info = MediaProbe.probe(file("really-a-png.jpg", png), "image/jpeg");

        assertThat(info.width()).isEqualTo(20);
    }

    @Test
    void documents_areNotParsed() throws Exception {
        byte[] png = TestImages.encode(TestImages.filled(20, 10, Color.CYAN), "png");

        assertThat(MediaProbe.probe(file("notes.txt", png), "text/plain")).isEqualTo(MediaInfo.NONE);
    }

    @Test
    void missingFile_isAnIOException() {
        assertThatThrownBy(() -> MediaProbe.probe(dir.resolve("gone.jpg"), "image/jpeg"))
                .isInstanceOf(NoSuchFileException.class);
    }
}
