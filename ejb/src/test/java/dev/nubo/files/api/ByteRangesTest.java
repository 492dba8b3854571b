package dev.nubo.files.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.files.api.ByteRanges.Invalid;
import dev.nubo.files.api.ByteRanges.Partial;
import dev.nubo.files.api.ByteRanges.Range;
import dev.nubo.files.api.ByteRanges.Unsatisfiable;
import dev.nubo.files.api.ByteRanges.Whole;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Examples from RFC 9110 section 14.1.2, on a 10000-byte representation. */
class ByteRangesTest {
    static final long LENGTH = 10_000;

    static List<Range> partial(String header) {
        return ((Partial) ByteRanges.parse(header, LENGTH)).ranges();
    }

    @Test
    void rfcExamples() {
        assertThat(partial("bytes=0-499")).containsExactly(new Range(0, 499));
        assertThat(partial("bytes=500-999")).containsExactly(new Range(500, 999));
        assertThat(partial("bytes=-500")).containsExactly(new Range(9500, 9999));
        assertThat(partial("bytes=9500-")).containsExactly(new Range(9500, 9999));
        assertThat(partial("bytes=0-0,-1")).containsExactly(new Range(0, 0), new Range(9999, 9999));
        assertThat(partial("bytes= 500-600 , 601-999")).containsExactly(new Range(500, 600), new Range(601, 999));
    }

    @Test
    void lastPositionsPastTheEnd_areClipped() {
        assertThat(partial("bytes=9000-20000")).containsExactly(new Range(9000, 9999));
        assertThat(partial("bytes=-20000")).containsExactly(new Range(0, 9999));
    }

    @Test
    void noHeaderOrAnotherUnit_meansTheWholeRepresentation() {
        assertThat(ByteRanges.parse(null, LENGTH)).isInstanceOf(Whole.class);
        assertThat(ByteRanges.parse("items=0-5", LENGTH)).isInstanceOf(Whole.class);
    }

    @Test
    void rangesEntirelyPastTheEnd_areUnsatisfiable() {
        assertThat(ByteRanges.parse("bytes=10000-", LENGTH)).isInstanceOf(Unsatisfiable.class);
        assertThat(ByteRanges.parse("bytes=20000-30000", LENGTH)).isInstanceOf(Unsatisfiable.class);
        assertThat(ByteRanges.parse("bytes=-0", LENGTH)).isInstanceOf(Unsatisfiable.class);
        assertThat(ByteRanges.parse("bytes=0-", 0)).isInstanceOf(Unsatisfiable.class);
    }

    @Test
    void unsatisfiableRangesAmongGoodOnes_areDropped() {
        assertThat(partial("bytes=20000-,0-9")).containsExactly(new Range(0, 9));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bytes",
                "bytes=",
                "bytes=abc",
                "bytes=5-1",
                "bytes=-",
                "bytes=1-2-3",
                "bytes=0-99999999999999999999",
                "bytes=-99999999999999999999",
                "bytes=--5",
                "bytes=1-2,",
                "bytes=+1-2",
                "bytes=0x10-20"
            })
    void malformedSets_areInvalid_neverTreatedAsAbsent(String header) {
        assertThat(ByteRanges.parse(header, LENGTH)).isInstanceOf(Invalid.class);
    }

    @Test
    void tooManyRanges_areInvalid() {
        String many = "bytes=" + "0-0,".repeat(ByteRanges.MAX_RANGES) + "1-1";
        assertThat(ByteRanges.parse(many, LENGTH)).isInstanceOf(Invalid.class);
    }
}
