package dev.nubo.dav.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HttpDateTest {
    private static final DateTimeFormatter REFERENCE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Test
    void writesTheRfcExample() {
        assertThat(HttpDate.format(Instant.parse("1994-11-06T08:49:37Z").getEpochSecond()))
                .isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }

    @Test
    void agreesWithDateTimeFormatterOnEdgesAndRandomInstants() {
        long[] edges = {
            0L,
            -1L,
            Instant.parse("2000-02-29T23:59:59Z").getEpochSecond(),
            Instant.parse("1900-03-01T00:00:00Z").getEpochSecond(),
            Instant.parse("9999-12-31T23:59:59Z").getEpochSecond(),
            Instant.parse("0001-01-01T00:00:00Z").getEpochSecond()
        };
        for (long s : edges) {
            assertThat(HttpDate.format(s)).isEqualTo(REFERENCE.format(Instant.ofEpochSecond(s)));
        }
        SplittableRandom random = new SplittableRandom(42);
        long min = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            long s = random.nextLong(min, max);
            assertThat(HttpDate.format(s)).isEqualTo(REFERENCE.format(Instant.ofEpochSecond(s)));
        }
    }
}
