package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.nubo.media.api.MediaInfo;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
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
    void contentDecides_notTheName() throws Exception {
        byte[] png = TestImages.encode(TestImages.filled(20, 10, Color.CYAN), "png");

        MediaInfo info = MediaProbe.probe(file("really-a-png.jpg", png), "image/jpeg");

        assertThat(info.width()).isEqualTo(20);
    }

    @Test
    void wav_givesItsDurationFromTheHeader() throws Exception {
        // 44.1 kHz, 16-bit stereo: 176,400 bytes a second; 1.5 s of silence after a LIST chunk to skip
        byte[] wav = wav(44_100, 2, 16, 264_600, 264_600, true);

        MediaInfo info = MediaProbe.probe(file("a.wav", wav), "audio/wav");

        assertThat(info.durationMs()).isEqualTo(1_500);
        assertThat(info.width()).isNull();
    }

    @Test
    void wavFromAStream_withItsDataSizeLeftOpen_countsWhatIsThere() throws Exception {
        byte[] wav = wav(8_000, 1, 8, 0xFFFF_FFFFL, 4_000, false);

        assertThat(MediaProbe.probe(file("live.wav", wav), "audio/x-wav").durationMs())
                .isEqualTo(500);
    }

    @Test
    void mp4AndQuickTime_giveTheMovieHeaderDuration() throws Exception {
        assertThat(MediaProbe.probe(file("a.mp4", movie("isom", 90_000, 1_111_050)), "video/mp4")
                        .durationMs())
                .isEqualTo(12_345);
        assertThat(MediaProbe.probe(file("a.m4a", movie("M4A ", 44_100, 441_000)), "audio/mp4")
                        .durationMs())
                .isEqualTo(10_000);
        assertThat(MediaProbe.probe(file("a.mov", movie("qt  ", 600, 3_000)), "video/quicktime")
                        .durationMs())
                .isEqualTo(5_000);
    }

    @Test
    void garbage_givesNone_neverAnException() throws Exception {
        byte[] noise = new byte[8192];
        new Random(1).nextBytes(noise);
        byte[] jpegNoise = noise.clone();
        jpegNoise[0] = (byte) 0xFF;
        jpegNoise[1] = (byte) 0xD8;
        byte[] exifJpeg = TestImages.withExif(TestImages.jpeg(TestImages.redCorner(60, 40), 0.9f), cameraExif());
        byte[] mp4 = movie("isom", 1000, 1000);

        assertThat(MediaProbe.probe(file("noise.bin", noise), null)).isEqualTo(MediaInfo.NONE);
        assertThat(MediaProbe.probe(file("noise.jpg", jpegNoise), "image/jpeg")).isNotNull();
        assertThat(MediaProbe.probe(file("empty.jpg", new byte[0]), "image/jpeg"))
                .isEqualTo(MediaInfo.NONE);
        for (int cut = 1; cut < 300; cut += 7) {
            MediaProbe.probe(file("cut.jpg", Arrays.copyOf(exifJpeg, cut)), "image/jpeg");
            MediaProbe.probe(file("cut.mp4", Arrays.copyOf(mp4, Math.min(cut, mp4.length))), "video/mp4");
        }
        Random random = new Random(5);
        for (int i = 0; i < 200; i++) {
            // flips inside the EXIF segment and the movie header: offsets, counts and sizes that lie
            byte[] jpeg = exifJpeg.clone();
            byte[] movie = mp4.clone();
            for (int flips = 0; flips < 6; flips++) {
                jpeg[4 + random.nextInt(400)] = (byte) random.nextInt(256);
                movie[8 + random.nextInt(movie.length - 8)] = (byte) random.nextInt(256);
            }
            assertThat(MediaProbe.probe(file("flipped.jpg", jpeg), "image/jpeg"))
                    .isNotNull();
            assertThat(MediaProbe.probe(file("flipped.mp4", movie), "video/mp4"))
                    .isNotNull();
        }
        assertThat(MediaProbe.probe(file("half.wav", Arrays.copyOf(wav(8000, 1, 8, 800, 800, false), 30)), null))
                .isEqualTo(MediaInfo.NONE);
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

    /** A PCM WAV: RIFF header, optional LIST chunk, fmt, then a data chunk declaring {@code declared} bytes. */
    static byte[] wav(int sampleRate, int channels, int bits, long declared, int actual, boolean list) {
        int blockAlign = channels * bits / 8;
        ByteBuffer out = ByteBuffer.allocate(12 + (list ? 8 + 14 : 0) + 8 + 16 + 8 + actual)
                .order(ByteOrder.LITTLE_ENDIAN);
        out.put(ascii("RIFF")).putInt(out.capacity() - 8).put(ascii("WAVE"));
        if (list) {
            out.put(ascii("LIST"))
                    .putInt(13)
                    .put(ascii("INFOISFT"))
                    .putInt(1)
                    .put((byte) 'x')
                    .put((byte) 0);
        }
        out.put(ascii("fmt ")).putInt(16).putShort((short) 1).putShort((short) channels);
        out.putInt(sampleRate)
                .putInt(sampleRate * blockAlign)
                .putShort((short) blockAlign)
                .putShort((short) bits);
        out.put(ascii("data")).putInt((int) declared);
        return out.array();
    }

    /** An ISO base media file: {@code ftyp} with the brand, and a {@code moov} holding only a version-0 {@code mvhd}. */
    static byte[] movie(String brand, int timeScale, int duration) {
        ByteBuffer mvhd = ByteBuffer.allocate(8 + 100);
        mvhd.putInt(108)
                .put(ascii("mvhd"))
                .putInt(0)
                .putInt(0)
                .putInt(0)
                .putInt(timeScale)
                .putInt(duration);
        mvhd.putInt(0x0001_0000).putShort((short) 0x0100).put(new byte[10]);
        int[] identity = {0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000};
        for (int value : identity) {
            mvhd.putInt(value);
        }
        mvhd.put(new byte[24]).putInt(2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer ftyp = ByteBuffer.allocate(20);
        ftyp.putInt(20).put(ascii("ftyp")).put(ascii(brand)).putInt(0).put(ascii(brand));
        out.writeBytes(ftyp.array());
        out.writeBytes(ByteBuffer.allocate(8).putInt(8 + 108).put(ascii("moov")).array());
        out.writeBytes(mvhd.array());
        out.writeBytes(
                ByteBuffer.allocate(16).putInt(16).put(ascii("mdat")).putLong(0).array());
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
