package dev.nubo.links.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinkTokenTest {
    @Test
    void generated_has144RandomBits_as24Base64UrlCharacters_andNeverRepeats() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String t = LinkToken.generate().value();
            assertThat(t).hasSize(24).matches("[A-Za-z0-9_-]+");
            assertThat(seen.add(t)).isTrue();
        }
        assertThat(LinkToken.RANDOM_BYTES * 8).isGreaterThanOrEqualTo(128);
    }

    @Test
    void parse_acceptsOnlyTokenShapedText() {
        assertThat(LinkToken.parse("abcdefghijklmnopqrstuv")).isPresent();
        assertThat(LinkToken.parse("abcdefghijklmnopqrstu")).isEmpty();
        assertThat(LinkToken.parse("abcdefghijklmnopqrstu/")).isEmpty();
        assertThat(LinkToken.parse("abcdefghijklmnopqrstu%2F")).isEmpty();
        assertThat(LinkToken.parse("a".repeat(65))).isEmpty();
        assertThat(LinkToken.parse(null)).isEmpty();
        assertThatThrownBy(() -> new LinkToken("../../etc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void digest_isSha256_andMatchesComparesTheWholeToken() {
        LinkToken t = LinkToken.generate();
        assertThat(t.sha256()).hasSize(32).isEqualTo(new LinkToken(t.value()).sha256());
        assertThat(t.matches(t.value())).isTrue();
        assertThat(t.matches(t.value().substring(1) + "x")).isFalse();
        assertThat(t.matches(null)).isFalse();
    }

    @Test
    void toString_neverShowsTheToken() {
        LinkToken t = LinkToken.generate();
        assertThat(t.toString()).doesNotContain(t.value());
    }
}
