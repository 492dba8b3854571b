package dev.nubo.platform.web;

import static dev.nubo.platform.web.ContentNegotiation.Coding.BR;
import static dev.nubo.platform.web.ContentNegotiation.Coding.GZIP;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContentNegotiationTest {
    @Test
    void browsers_getBrotliFirst() {
        assertThat(ContentNegotiation.accepted("gzip, deflate, br, zstd")).containsExactly(BR, GZIP);
        assertThat(ContentNegotiation.accepted("gzip, deflate")).containsExactly(GZIP);
        assertThat(ContentNegotiation.accepted("br")).containsExactly(BR);
    }

    @Test
    void noHeader_orIdentity_getsThePlainFile() {
        assertThat(ContentNegotiation.accepted(null)).isEmpty();
        assertThat(ContentNegotiation.accepted("")).isEmpty();
        assertThat(ContentNegotiation.accepted("identity")).isEmpty();
        assertThat(ContentNegotiation.accepted("deflate")).isEmpty();
    }

    @Test
    void weights_decide_andZeroRefuses() {
        assertThat(ContentNegotiation.accepted("br;q=0, gzip")).containsExactly(GZIP);
        assertThat(ContentNegotiation.accepted("br;q=0.5, gzip;q=0.8")).containsExactly(GZIP, BR);
        assertThat(ContentNegotiation.accepted("br; q=1.0, gzip; q=1")).containsExactly(BR, GZIP);
        assertThat(ContentNegotiation.accepted("gzip;q=0, br;q=0")).isEmpty();
        assertThat(ContentNegotiation.accepted("x-gzip")).containsExactly(GZIP);
    }

    @Test
    void theWildcard_coversWhatIsNotNamed() {
        assertThat(ContentNegotiation.accepted("*")).containsExactly(BR, GZIP);
        assertThat(ContentNegotiation.accepted("*;q=0, gzip")).containsExactly(GZIP);
        assertThat(ContentNegotiation.accepted("br;q=0, *")).containsExactly(GZIP);
    }

    @Test
    void aMalformedWeight_isNotAcceptable() {
        assertThat(ContentNegotiation.accepted("br;q=2, gzip;q=abc")).isEmpty();
        assertThat(ContentNegotiation.accepted("br;level=5")).isEmpty();
        assertThat(ContentNegotiation.accepted("br;q=0.5;x=1, gzip")).containsExactly(GZIP);
    }

    @Test
    void ifNoneMatch_comparesWeakly_andStarMatches() {
        assertThat(ContentNegotiation.noneMatchHits("\"abc\"", "\"abc\"")).isTrue();
        assertThat(ContentNegotiation.noneMatchHits("W/\"abc\"", "\"abc\"")).isTrue();
        assertThat(ContentNegotiation.noneMatchHits("\"x\", \"abc\"", "\"abc\""))
                .isTrue();
        assertThat(ContentNegotiation.noneMatchHits("*", "\"abc\"")).isTrue();
        assertThat(ContentNegotiation.noneMatchHits("\"abd\"", "\"abc\"")).isFalse();
        assertThat(ContentNegotiation.noneMatchHits("abc", "\"abc\"")).isFalse();
        assertThat(ContentNegotiation.noneMatchHits(null, "\"abc\"")).isFalse();
    }
}
