package dev.nubo.auth.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SecretsTest {
    @Test
    void appPasswords_haveTheDocumentedShape_andAreRecognised() {
        String p = Secrets.appPassword();
        assertThat(p).matches("([a-km-z2-9]{5}-){4}[a-km-z2-9]{5}");
        assertThat(Secrets.looksLikeAppPassword(p)).isTrue();
        assertThat(Secrets.looksLikeAppPassword("correct horse battery staple")).isFalse();
        assertThat(Secrets.looksLikeAppPassword(null)).isFalse();
    }

    @Test
    void randomTokens_are256BitUrlSafe_andDoNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String t = Secrets.randomToken();
            assertThat(t).matches("[A-Za-z0-9_-]{43}");
            assertThat(seen.add(t)).isTrue();
        }
    }

    @Test
    void hmac_dependsOnKeyAndMessage() {
        byte[] k1 = "k1k1k1k1k1k1k1k1k1k1k1k1k1k1k1k1".getBytes();
        byte[] k2 = "k2k2k2k2k2k2k2k2k2k2k2k2k2k2k2k2".getBytes();
        assertThat(Secrets.hmac(k1, "m")).isEqualTo(Secrets.hmac(k1, "m"));
        assertThat(Secrets.hmac(k1, "m")).isNotEqualTo(Secrets.hmac(k2, "m"));
        assertThat(Secrets.hmac(k1, "m")).isNotEqualTo(Secrets.hmac(k1, "n"));
    }

    @Test
    void constantTimeEquals_handlesNullAndDifferentLengths() {
        assertThat(Secrets.constantTimeEquals("abc", "abc")).isTrue();
        assertThat(Secrets.constantTimeEquals("abc", "abd")).isFalse();
        assertThat(Secrets.constantTimeEquals("abc", "abcd")).isFalse();
        assertThat(Secrets.constantTimeEquals(null, "abc")).isFalse();
    }
}
