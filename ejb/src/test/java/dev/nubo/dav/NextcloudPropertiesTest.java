package dev.nubo.dav;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NextcloudPropertiesTest {
    @Test
    void ocIdIsTheIdPaddedToEightDigitsThenTheInstance_asFormatWouldWriteIt() {
        long[] edges = {0, 1, 9, 10, 9_999_999, 10_000_000, 99_999_999, 100_000_000, Long.MAX_VALUE};
        for (long id : edges) {
            assertThat(NextcloudProperties.ocId(id)).isEqualTo(String.format("%08d", id) + "ocnubo");
        }
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 100_000; i++) {
            long id = random.nextLong(0, i % 2 == 0 ? 1_000_000_000L : Long.MAX_VALUE);
            assertThat(NextcloudProperties.ocId(id)).isEqualTo(String.format("%08d", id) + "ocnubo");
        }
    }
}
