package dev.nubo.dav;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.files.api.ByteRanges;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which GETs of a public link's file count as a download: those that send the file from its first byte. */
class LinkDownloadCountTest {
    @ParameterizedTest(name = "Range {0} → counted {1}")
    @CsvSource({
        "'', true",
        "bytes=0-99, true",
        "bytes=0-, true",
        "bytes=100-199, false",
        "bytes=-100, false",
        "'bytes=100-199,300-399', true",
        "bytes=5000-, false",
        "nonsense, true"
    })
    void sendsFirstByte(String range, boolean counted) {
        ByteRanges.Result ranges = ByteRanges.parse(range.isEmpty() ? null : range, 1000);
        assertThat(GetMethod.sendsFirstByte(ranges)).isEqualTo(counted);
    }
}
