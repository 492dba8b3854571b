package dev.nubo.media.infra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.media.api.MediaInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediaProbeAudioVideoTest {
    @TempDir
    Path dir;

    Path file(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void wav_givesItsDurationFromTheHeader() throws Exception {
        // 44.1 kHz, 16-bit stereo: 176,400 bytes a second; 1.5 s of silence after a LIST chunk to skip
        byte[] wav = TestMedia.wav(44_100, 2, 16, 264_600, 264_600, true);

        MediaInfo info = MediaProbe.probe(file("a.wav", wav), "audio/wav");

        assertThat(info).isEqualTo(MediaFields.withDuration(1_500L));
    }

    @Test
    void wavFromAStream_withItsDataSizeLeftOpen_countsWhatIsThere() throws Exception {
        byte[] wav = TestMedia.wav(8_000, 1, 8, 0xFFFF_FFFFL, 4_000, false);

        assertThat(MediaProbe.probe(file("live.wav", wav), "audio/x-wav").durationMs())
                .isEqualTo(500);
    }

    @Test
    void mp4M4aAndMov_giveTheMovieHeaderDuration_withMediaDataBeforeTheMovie() throws Exception {
        MediaInfo mp4 =
                MediaProbe.probe(file("a.mp4", TestMedia.movie("isom", 90_000, 1_111_050, 640, 360, false)), null);
        MediaInfo m4a = MediaProbe.probe(file("a.m4a", TestMedia.movie("M4A ", 44_100, 441_000, 0, 0, false)), null);
        MediaInfo mov = MediaProbe.probe(file("a.mov", TestMedia.movie("qt  ", 600, 3_000, 1280, 720, false)), null);

        assertThat(mp4).isEqualTo(MediaFields.sized(640, 360, 12_345L));
        assertThat(m4a).as("audio: no picture").isEqualTo(MediaFields.withDuration(10_000L));
        assertThat(mov).isEqualTo(MediaFields.sized(1280, 720, 5_000L));
    }

    @Test
    void phoneVideo_recordedLandscapeWithAQuarterTurn_isPortrait() throws Exception {
        byte[] mov = TestMedia.movie("qt  ", 600, 6_000, 1920, 1080, true);

        MediaInfo info = MediaProbe.probe(file("IMG_0001.MOV", mov), "video/quicktime");

        assertThat(List.of(info.width(), info.height())).containsExactly(1080, 1920);
        assertThat(info.durationMs()).isEqualTo(10_000);
    }

    @Test
    void oldQuickTime_withoutFtyp_isRecognisedByItsFirstBox() throws Exception {
        byte[] mov = TestMedia.box("moov", TestMedia.mvhd(600, 1_200));

        assertThat(MediaProbe.probe(file("old.mov", mov), "video/quicktime").durationMs())
                .isEqualTo(2_000);
    }

    @Test
    void largeSizeBoxes_andAnMdatRunningToTheEnd_areFollowed() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(TestMedia.ftyp("mp42"));
        // a 64-bit size: size field 1, then the real size after the type
        byte[] free = java.nio.ByteBuffer.allocate(24)
                .putInt(1)
                .put(TestMedia.ascii("free"))
                .putLong(24)
                .array();
        out.writeBytes(free);
        out.writeBytes(TestMedia.box("moov", TestMedia.mvhd(1_000, 42_000)));
        out.writeBytes(java.nio.ByteBuffer.allocate(16)
                .putInt(0)
                .put(TestMedia.ascii("mdat"))
                .array());

        assertThat(MediaProbe.probe(file("big.mp4", out.toByteArray()), "video/mp4")
                        .durationMs())
                .isEqualTo(42_000);
    }

    @Test
    void avi_givesFrameSizeAndFramesTimesFramePeriod_skippingTheFrames() throws Exception {
        byte[] avi = TestMedia.avi(40_000, 250, 640, 480, 50);

        MediaInfo info = MediaProbe.probe(file("clip.avi", avi), "video/x-msvideo");

        assertThat(info).isEqualTo(MediaFields.sized(640, 480, 10_000L));
    }
}
