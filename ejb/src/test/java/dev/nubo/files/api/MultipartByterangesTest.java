package dev.nubo.files.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.files.api.ByteRanges.Range;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultipartByterangesTest {
    @TempDir
    Path dir;

    @Test
    void writesEachRangeAsAPartAndCountsItsOwnLengthExactly() throws IOException {
        Path file = dir.resolve("f");
        Files.writeString(file, "0123456789abcdefghij");
        MultipartByteranges parts = new MultipartByteranges(
                List.of(new Range(15, 19), new Range(0, 0), new Range(3, 5)), "text/plain", 20, "B");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (FileChannel channel = FileChannel.open(file)) {
            parts.write(channel, out);
        }
        String expected = "\r\n--B\r\nContent-Type: text/plain\r\nContent-Range: bytes 15-19/20\r\n\r\nfghij"
                + "\r\n--B\r\nContent-Type: text/plain\r\nContent-Range: bytes 0-0/20\r\n\r\n0"
                + "\r\n--B\r\nContent-Type: text/plain\r\nContent-Range: bytes 3-5/20\r\n\r\n345"
                + "\r\n--B--\r\n";
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(expected);
        assertThat(parts.length()).isEqualTo(expected.length());
        assertThat(parts.contentType()).isEqualTo("multipart/byteranges; boundary=B");
    }

    @Test
    void boundariesDifferPerResponse() {
        List<Range> ranges = List.of(new Range(0, 0), new Range(2, 2));
        assertThat(MultipartByteranges.of(ranges, "a/b", 3).boundary())
                .isNotEqualTo(MultipartByteranges.of(ranges, "a/b", 3).boundary());
    }
}
